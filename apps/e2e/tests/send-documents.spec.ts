import { randomUUID } from 'node:crypto';
import { parisIsoDate } from '@mutua/contracts/dates';
import { isoDatePlusDays } from '@mutua/contracts/hospital-care';
import type { TRequestsInfo } from '@mutua/contracts/requests';
import { apiFromPage, expect, expectNoA11yViolations, test, TINY_PNG } from './member-session';

// Get-refund (by keyboard for the act search) and doc-sharing
// (at 360 px). Each journey creates its own request.

// A paper of its own per run: the same invoice file sent in two claims is refused as a duplicate.
const PDF = Buffer.from(`%PDF-1.7\n% invoice ${randomUUID()}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const LOCKED_PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R /Encrypt 5 0 R >>\n%%EOF\n');

async function requestById(page: import('@playwright/test').Page, id: string) {
  const info = (await apiFromPage<{ data: TRequestsInfo }>(page, '/api/all-info?actionKey=requests')).data;
  return info.allRequests.flatMap((g) => g.requests).find((r) => r.id === id);
}

test.describe('sending documents to the insurer', () => {
  test('get-refund from home: act found by search with the keyboard, checks in French, files checked in the browser, a bill request received', async ({
    page,
  }) => {
    test.slow(); // one long journey through the whole form
    await page.goto('/home');
    await page.getByRole('region', { name: 'Que souhaitez-vous faire ?' }).getByRole('link', { name: 'Me faire rembourser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Me faire rembourser' });
    await expect(dialog.getByRole('radio', { name: 'Consultation médecin généraliste' })).toBeVisible();
    await expectNoA11yViolations(page, { label: 'get-refund empty' });

    // Sent empty: every field says what it needs.
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(dialog.getByText('Veuillez choisir la nature de l’acte.')).toBeVisible();
    await expect(dialog.getByText('Veuillez choisir un bénéficiaire')).toBeVisible();

    // The act search, by keyboard: type, Tab to the result, Space to choose it.
    const search = dialog.getByRole('searchbox', { name: 'Rechercher un autre acte' });
    await search.focus();
    await page.keyboard.type('kiné');
    await expect(dialog.getByText(/acte(s)? trouvé/)).toBeVisible();
    const kine = dialog.getByRole('radio', { name: 'Kinésithérapie' });
    await kine.focus();
    await page.keyboard.press('Space');
    await expect(kine).toBeChecked();

    await dialog.getByRole('combobox', { name: /Bénéficiaire des soins/ }).selectOption({ label: 'Léa Durand' });
    await dialog.getByLabel(/Date des soins/).fill('2020-01-15');
    await dialog.getByRole('textbox', { name: /Montant payé/ }).fill('1 000,00');
    await dialog.getByRole('radio', { name: 'Plusieurs séances' }).check();
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(dialog.getByText('La date ne doit pas être antérieure à 3 ans')).toBeVisible();
    await expect(dialog.getByText('Veuillez indiquer le nombre de séances.')).toBeVisible();
    const today = parisIsoDate();
    await dialog.getByLabel(/Date des soins/).fill(today);
    await dialog.getByRole('textbox', { name: /Nombre de séances/ }).fill('6');

    // Documents the act needs: the invoice and the statement required, the prescription optional.
    const invoice = dialog.getByRole('group', { name: /^Facture détaillée et acquittée/ });
    const statement = dialog.getByRole('group', { name: /^Décompte de la Sécurité sociale/ });
    await expect(dialog.getByRole('group', { name: /Prescription médicale \(ordonnance\) \(facultatif\)/ })).toBeVisible();
    // Léa's fund refused teletransmission: her statement is required. Camille's care is teletransmitted: optional, and why.
    await expect(statement).toHaveAccessibleName('Décompte de la Sécurité sociale');
    await dialog.getByRole('combobox', { name: /Bénéficiaire des soins/ }).selectOption({ label: 'Camille Durand' });
    await expect(statement).toHaveAccessibleName('Décompte de la Sécurité sociale (facultatif)');
    await expect(statement).toContainText('Vos soins sont télétransmis par votre caisse\u00a0: inutile de nous envoyer ce décompte.');
    await dialog.getByRole('combobox', { name: /Bénéficiaire des soins/ }).selectOption({ label: 'Léa Durand' });
    await expect(statement).toHaveAccessibleName('Décompte de la Sécurité sociale');
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(invoice.getByText('Veuillez ajouter le document correspondant : Facture détaillée et acquittée.')).toBeVisible();
    await invoice.locator('input[type="file"]').setInputFiles([
      { name: 'facture.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'facture-protegee.pdf', mimeType: 'application/pdf', buffer: LOCKED_PDF },
      { name: 'facture.exe.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf') },
    ]);
    const refused = invoice.getByRole('list', { name: 'Fichiers refusés' });
    await expect(refused).toContainText('facture-protegee.pdf : le PDF est protégé par un mot de passe');
    await expect(refused).toContainText('facture.exe.pdf : ce n’est pas un fichier .pdf, .jpg, .gif ou .png');
    await expect(invoice.getByRole('list', { name: /Fichiers ajoutés/ })).toContainText('facture.pdf');
    await statement.locator('input[type="file"]').setInputFiles({ name: 'decompte.png', mimeType: 'image/png', buffer: TINY_PNG });
    await dialog.getByRole('textbox', { name: /Commentaire/ }).fill('Rééducation après une entorse.');
    await expectNoA11yViolations(page, { label: 'get-refund filled' });

    // 1 000 € for six sessions is above ten times their Sécurité sociale base: the member confirms it.
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Vérifiez votre demande avant de l’envoyer' })).toContainText(
      'dépasse 10 fois la base de remboursement',
    );
    await expectNoA11yViolations(page, { label: 'get-refund warning' });
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/refund-requests') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Confirmer et envoyer' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    const { data } = (await response.json()) as { data: { requestId: string } };
    await expect(dialog.getByTestId('request-sent')).toBeFocused();
    await expect(dialog.getByTestId('request-sent')).toContainText('Demande envoyée');
    await expectNoA11yViolations(page, { label: 'get-refund sent' });

    const request = await requestById(page, data.requestId);
    expect(request).toMatchObject({ type: 'bill', typeCode: 25, beneficiary: { familyPosition: 3 } });
    expect(request!.statusList.map((s) => s.label)).toEqual(['Reçu par nos équipes']);
    expect(request!.messages[0]!.attachments.map((a) => a.nameFile)).toEqual(['facture.pdf', 'decompte.png']);

    await dialog.getByRole('link', { name: 'Voir ma demande' }).click();
    await expect(page).toHaveURL(new RegExp(`/requests\\?request=${data.requestId}`));
    await expect(page.getByRole('dialog', { name: 'Demande de remboursement – Kinésithérapie' }).getByText('Reçu par nos équipes')).toBeVisible();
  });

  test('doc-sharing at 360 px: type pre-selected by the link, offered per beneficiary with its guidance, a supporting document sent', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/doc-sharing/schooling');
    const dialog = page.getByRole('dialog', { name: 'Partager un justificatif' });
    const type = dialog.getByRole('combobox', { name: /Type de document/ });
    await expect(type).toBeDisabled();
    await dialog.getByRole('button', { name: 'Envoyer le document' }).click();
    await expect(dialog.getByText('Veuillez choisir un bénéficiaire')).toBeVisible();

    // The partner is offered the PACS proof, not the school certificate.
    await dialog.getByRole('combobox', { name: /Bénéficiaire concerné/ }).selectOption({ label: 'Thomas Durand' });
    await expect(type.locator('option', { hasText: 'Justificatif de PACS' })).toHaveCount(1);
    await expect(type.locator('option', { hasText: 'Certificat de scolarité' })).toHaveCount(0);

    // A child: the school certificate, pre-selected by the link, with what it must show.
    await dialog.getByRole('combobox', { name: /Bénéficiaire concerné/ }).selectOption({ label: 'Noah Durand' });
    await expect(type).toHaveValue('schooling');
    await expect(dialog.getByText(/signature de la direction/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Envoyer le document' }).click();
    await expect(dialog.getByText('Veuillez télécharger le/les fichier(s) nécessaire(s)')).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'certificat-scolarite.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('textbox', { name: /Commentaire/ }).fill('Année scolaire 2026-2027');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoA11yViolations(page, { label: 'doc-sharing 360 px' });

    const sent = page.waitForResponse((r) => r.url().endsWith('/api/document-sharing') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Envoyer le document' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    const { data } = (await response.json()) as { data: { requestId: string } };
    await expect(dialog.getByTestId('request-sent')).toContainText('Document envoyé');
    const request = await requestById(page, data.requestId);
    expect(request).toMatchObject({ type: 'supporting_document', kind: 'schooling', title: 'Certificat de scolarité', beneficiary: { familyPosition: 4 } });
    await expectNoA11yViolations(page, { label: 'doc-sharing sent' });

    // « Envoyer un nouveau document » starts a fresh form.
    await dialog.getByRole('button', { name: 'Envoyer un nouveau document' }).click();
    await expect(dialog.getByRole('combobox', { name: /Bénéficiaire concerné/ })).toHaveValue('');
  });

  test('a quote from prepare-treatment: the 100 % Santé check before sending, the quote sent either way', async ({ page }) => {
    test.slow();
    await page.goto('/home');
    await page.getByRole('region', { name: 'Que souhaitez-vous faire ?' }).getByRole('link', { name: 'Préparer un soin à venir' }).click();
    const hub = page.getByRole('dialog', { name: 'Préparer un soin' });
    // One rule, one sentence: the card says what the form enforces.
    await expect(hub.getByText('Faites votre demande dans les 15\u00a0jours qui précèdent votre admission, pas plus tôt.')).toBeVisible();
    await expectNoA11yViolations(page, { label: 'prepare-treatment' });
    await hub.getByRole('link', { name: 'Envoyer un devis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Envoyer un devis' });
    await expect(dialog.getByText(/Un devis n’est qu’une simulation/)).toBeVisible();

    await dialog.getByRole('button', { name: 'Envoyer mon devis' }).click();
    await expect(dialog.getByText('Veuillez choisir le type de devis.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Optique' }).check();
    await dialog.getByRole('combobox', { name: /Bénéficiaire des soins/ }).selectOption({ label: 'Camille Durand' });
    await dialog.getByLabel(/Date du devis/).fill(parisIsoDate());
    await dialog.getByRole('textbox', { name: /Montant du devis/ }).fill('570,00');
    await dialog.getByRole('button', { name: 'Envoyer mon devis' }).click();
    await expect(dialog.getByText('Veuillez ajouter un fichier')).toBeVisible();

    // The lines as printed: a class B frame at 180 € and class B simple lenses at 390 €, no class A offer.
    await dialog.getByRole('combobox', { name: 'Classe' }).first().selectOption('B');
    await dialog.getByRole('textbox', { name: 'Prix (€)' }).first().fill('180,00');
    await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await dialog.getByRole('combobox', { name: 'Ligne 2 : élément' }).selectOption('lenses');
    await dialog.getByRole('combobox', { name: 'Classe' }).nth(1).selectOption('B');
    await dialog.getByRole('textbox', { name: 'Prix (€)' }).nth(1).fill('390,00');
    await dialog.getByRole('button', { name: 'Vérifier mon devis' }).click();
    const findings = dialog.getByTestId('quote-findings');
    await expect(findings).toContainText('3\u00a0points à vérifier');
    await expect(findings).toContainText('Le devis ne contient pas d’offre 100 % Santé (classe A)');
    await expect(findings).toContainText('La monture de classe B coûte 180,00');
    await expect(findings).toContainText('Règle 100 % Santé optique');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'devis-optique.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expectNoA11yViolations(page, { label: 'quotation with findings' });

    const sent = page.waitForResponse((r) => r.url().endsWith('/api/quotes') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Envoyer mon devis' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    const { data } = (await response.json()) as { data: { requestId: string } };
    await expect(dialog.getByTestId('request-sent')).toContainText('Devis envoyé');
    expect(await requestById(page, data.requestId)).toMatchObject({ type: 'quotation', kind: 'optical_quote', typeCode: 32 });
  });

  test('hospital coverage from prepare-treatment: the 15-day rule, an establishment found by name, one typed by hand refused then fixed', async ({ page }) => {
    test.slow();
    await page.goto('/home/prepare-treatment');
    const hub = page.getByRole('dialog', { name: 'Préparer un soin' });
    await hub.getByRole('link', { name: 'Faire une demande' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demande de prise en charge hospitalière' });
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(dialog.getByText('Veuillez choisir la personne hospitalisée')).toBeVisible();
    await expect(dialog.getByText("Le champ 'Nature de l’acte' ne peut pas être vide")).toBeVisible();

    const day = (n: number) => isoDatePlusDays(parisIsoDate(), n);
    await dialog.getByRole('combobox', { name: /Personne hospitalisée/ }).selectOption({ label: 'Camille Durand' });
    await dialog.getByLabel(/Date d’admission/).fill(day(20));
    await dialog.getByRole('combobox', { name: /Type d’hospitalisation/ }).selectOption({ label: 'Autre' });
    await dialog.getByRole('textbox', { name: /Code DMT/ }).fill('12');
    await dialog.getByRole('textbox', { name: /Nature de l’acte/ }).fill('Pose de prothèse de hanche');
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
    // The refusal is the sentence the card and the form's introduction say.
    await expect(dialog.getByText('Faites votre demande dans les 15\u00a0jours qui précèdent votre admission, pas plus tôt.', { exact: true })).toBeVisible();
    await expect(dialog.getByLabel(/Date d’admission/)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Le code DMT compte 3 chiffres.')).toBeVisible();
    await expect(dialog.getByText('Veuillez choisir un établissement ou le saisir vous-même.')).toBeVisible();

    await dialog.getByLabel(/Date d’admission/).fill(day(10));
    await dialog.getByRole('textbox', { name: /Code DMT/ }).fill('181');
    // Typed by hand with a wrong FINESS key: refused in the browser; then found in the directory instead.
    await dialog.getByRole('checkbox', { name: /Je ne trouve pas l’établissement/ }).check();
    await dialog.getByRole('textbox', { name: /Nom de l’établissement/ }).fill('Clinique du Parc');
    await dialog.getByRole('textbox', { name: /Numéro FINESS/ }).fill('750100126');
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(dialog.getByText('Le numéro FINESS n’est pas valide (9 caractères, clé de contrôle).')).toBeVisible();
    await dialog.getByRole('checkbox', { name: /Je ne trouve pas l’établissement/ }).uncheck();
    await dialog.getByRole('searchbox', { name: /Rechercher l’établissement/ }).fill('pitie salpe');
    await dialog.getByRole('radio', { name: /Pitié-Salpêtrière/ }).check();
    await expectNoA11yViolations(page, { label: 'hospital-care' });

    const sent = page.waitForResponse((r) => r.url().endsWith('/api/hospital-care-requests') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    const { data } = (await response.json()) as { data: { requestId: string } };
    await expect(dialog.getByTestId('request-sent')).toContainText('Demande envoyée');
    const request = await requestById(page, data.requestId);
    expect(request).toMatchObject({ type: 'message', typeCode: 10019 });
    expect(request?.messages[0]?.body).toContain('FINESS 750100125');
  });

  test('hospital-care: the FINESS directory understands CHU, CH and AP-HP, says which rows are made up, and asks for more words when too many match', async ({
    page,
  }) => {
    await page.goto('/home/hospital-care');
    const dialog = page.getByRole('dialog', { name: /prise en charge hospitalière/i });
    const searchbox = dialog.getByRole('searchbox', { name: /Rechercher l’établissement/ });
    await searchbox.fill('CHU Bordeaux');
    const chu = dialog.getByRole('radio', { name: 'Centre hospitalier universitaire de Bordeaux', exact: true });
    await expect(chu).toBeVisible();
    await expect(dialog.getByText('33000 BORDEAUX · Centre Hospitalier Régional (C.H.R.) · FINESS 330781196')).toBeVisible();
    await searchbox.fill('AP-HP Necker');
    await expect(dialog.getByRole('radio', { name: 'Hôpital Necker-Enfants malades (AP-HP)', exact: true })).toBeVisible();
    // A generated demo row of the sample extract is never taken for a real hospital.
    await searchbox.fill('CH Toulouse Saint-Joseph');
    await expect(dialog.getByRole('radio', { name: 'CENTRE HOSPITALIER DE TOULOUSE SAINT-JOSEPH', exact: true })).toBeVisible();
    await expect(dialog.getByText(/FINESS 99\d{7} · établissement fictif \(démonstration\)/).first()).toBeVisible();
    await searchbox.fill('pharmacie');
    await expect(dialog.getByText('Plus de 20\u00a0établissements correspondent\u00a0: précisez la ville ou le nom.')).toBeVisible();
    await expectNoA11yViolations(page, { label: 'hospital-care directory' });
  });

  test('documents page: tabs by URL, columns and types from the database, a real PDF downloaded, the payment schedule asked once', async ({ page }) => {
    await page.goto('/documents');
    await expect(page.getByRole('heading', { name: 'Mes documents', level: 1 })).toBeVisible();
    const health = page.getByRole('table', { name: 'Documents : Santé' });
    await expect(health.getByRole('columnheader')).toHaveText(['Nom', 'Date d’upload', 'Type', 'Télécharger']);
    await expect(health.getByRole('row', { name: /Tableau de garanties santé 2026/ })).toContainText('Tableau de garanties');
    await expect(health.getByRole('row', { name: /Guide pratique : vos remboursements/ })).toContainText('Guide pratique');
    await expectNoA11yViolations(page, { label: 'documents' });
    const download = page.waitForEvent('download');
    await health.getByRole('button', { name: 'Télécharger Notice d’information du contrat santé' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Notice d’information du contrat santé.pdf');
    const { readFile } = await import('node:fs/promises');
    expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('tab', { name: 'Prévoyance' }).click();
    await expect(page).toHaveURL(/\/documents\/foresight$/);
    await expect(page.getByRole('table', { name: 'Documents : Prévoyance' }).getByRole('row', { name: /Formulaire de désignation/ })).toContainText('Autre');
    await page.goto('/documents/contribution');
    await expect(page.getByRole('tab', { name: 'Cotisations', selected: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Documents : Cotisations' })).toContainText('Guide pratique : vos cotisations');
    // Camille's contributions are debited individually: the payment schedule by post, once per 24 hours.
    await page.getByRole('button', { name: 'Recevoir mon échéancier par courrier' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'vous sera envoyé par courrier sous 24\u00a0heures' })).toContainText(
      'Votre demande est enregistrée',
    );
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'il y a moins de 24\u00a0heures' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Recevoir mon échéancier par courrier' })).toHaveCount(0);
    await expectNoA11yViolations(page, { label: 'documents contribution' });
  });
});
