// Long because it is the back office's six journeys between a member and the staff (agent, manager, derogator, administrator), each needing both sides.
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { parisIsoDate } from '@mutua/contracts/dates';
import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';
import { fetchFromPage } from './page-fetch';

// The member and the management centre side by side, on an instance of this
// file's own (its seeded staff, its own mails). Demo staff: apps/server/src/modules/backoffice/seed.ts.
const instance = isolatedServer({ database: 'embedded', name: 'backoffice' });
const STAFF_PASSWORD = 'Gestion-Demo-2026!';

const staffUrl = (pathname: string) => `http://gestion.localhost:${instance.server.port}${pathname}`;

/** The codes this file already used: a TOTP code works once (replay refused), as on an authenticator. */
const usedCodes = new Map<string, string>();

/** The demo staff's current TOTP code (development endpoint the /debug page reads), a fresh one if needed. */
async function totpOf(email: string): Promise<string> {
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${instance.server.port}/api/debug/staff-codes`);
    const codes = (await res.json()).data as { email: string; code: string | null }[];
    const code = codes.find((c) => c.email === email)!.code!;
    if (usedCodes.get(email) !== code) {
      usedCodes.set(email, code);
      return code;
    }
    // Same 30-second step as this staff member's last sign-in: wait for the next code, as they would.
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Camille, the demo member, signed in on this instance's member app at `pathname`. */
async function camilleAt(page: Page, pathname: string): Promise<void> {
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  await page.goto(instance.tenantUrl('mutua', pathname));
}

/** A staff member signed in through the back office's screens (password, then the authenticator's code). */
async function staffSignIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(staffUrl('/'));
  await expect(page).toHaveURL(/\/login$/);
  await expectNoA11yViolations(page, { label: 'staff sign-in' });
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.getByLabel('Mot de passe').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continuer' }).click();
  const code = page.getByRole('textbox', { name: /Code à 6 chiffres/ });
  await expect(code).toBeVisible();
  await expectNoA11yViolations(page, { label: 'staff code step' });
  await code.fill(await totpOf(email));
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Demandes des adhérents' })).toBeVisible();
  return page;
}

test('a member writes, an agent answers and moves the step; a manager reads; a derogator acts, audited', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The member sends a message.
  await camilleAt(page, '/requests');
  await page.getByRole('button', { name: 'Écrire un message' }).click();
  const hub = page.getByRole('dialog', { name: 'Écrire un message' });
  const object = `Question au centre de gestion ${Date.now()}`;
  await hub.getByRole('textbox', { name: /^Objet/ }).fill(object);
  await hub.getByRole('combobox', { name: /^Catégorie/ }).selectOption({ label: 'Garanties : autre question' });
  await hub.getByRole('textbox', { name: /^Message/ }).fill('Bonjour, mes lunettes sont-elles couvertes ?');
  await hub.getByRole('button', { name: 'Envoyer' }).click();
  await expect(hub.getByTestId('message-sent')).toContainText('Message envoyé');

  // The agent, in another browser, finds it among the unassigned cases and answers.
  const agent = await staffSignIn(browser, 'agent@gestion.localhost');
  await expect(agent.getByText(/Aucune demande ne vous est attribuée/)).toBeVisible();
  await expectNoA11yViolations(agent, { label: 'queue (mine, empty)' });
  await agent.getByText('Non attribuées', { exact: true }).click();
  await agent.getByRole('link', { name: object }).click();
  await expect(agent.getByRole('heading', { name: object })).toBeVisible();
  await expectNoA11yViolations(agent, { label: 'case' });
  await agent.getByRole('textbox', { name: 'Réponse à l’adhérent' }).fill('Bonjour, oui : vos lunettes sont couvertes.');
  await agent.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(agent.getByText('Réponse envoyée à l’adhérent.')).toBeVisible();
  await agent.getByRole('textbox', { name: 'Nouvelle note' }).fill('Vérifié avec le contrat.');
  await agent.getByRole('button', { name: 'Ajouter la note' }).click();
  await expect(agent.getByText('Vérifié avec le contrat.')).toBeVisible();
  await agent.getByRole('button', { name: 'En cours de traitement' }).click();
  await expect(agent.getByText('Étape « En cours de traitement » enregistrée.')).toBeVisible();
  await agent.goto(staffUrl('/'));
  await expect(agent.getByRole('link', { name: object })).toBeVisible();

  // The member sees the answer, unread, and the step after a reload; never the internal note.
  await page.goto(instance.tenantUrl('mutua', '/requests'));
  const item = page.getByTestId('request-item').filter({ has: page.getByRole('button', { name: object, exact: true }) });
  // Unread for the member (« Nouveau »), at the step the agent set (« En cours »).
  await expect(item.getByText('Nouveau', { exact: true })).toBeVisible();
  await expect(item.getByText('En cours', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: object, exact: true }).click();
  const panel = page.getByRole('dialog', { name: object });
  await expect(panel.getByText('Bonjour, oui : vos lunettes sont couvertes.')).toBeVisible();
  await expect(panel.getByText('En cours de traitement').first()).toBeVisible();
  await expect(page.getByText('Vérifié avec le contrat.')).toHaveCount(0);
  await expect.poll(async () => (await instance.mail.list()).some((m) => m.subject === 'Vous avez un nouveau message')).toBe(true);

  // A manager opens the member's space read-only: the alert, and a write refused by the server.
  const manager = await staffSignIn(browser, 'manager@gestion.localhost');
  await manager.getByRole('link', { name: 'Adhérents' }).click();
  await manager.getByRole('textbox', { name: /n° d’adhérent/ }).fill('12345678');
  await manager.getByRole('button', { name: 'Rechercher' }).click();
  await expectNoA11yViolations(manager, { label: 'member search' });
  const opened = manager.context().waitForEvent('page');
  await manager.getByRole('button', { name: /Voir en lecture seule/ }).click();
  const readOnly = await opened;
  await readOnly.bringToFront();
  await expect(readOnly).toHaveURL(/\/home$/);
  await expect(readOnly.getByTestId('bo-banner')).toContainText('lecture seule', { timeout: 30_000 });
  // A back-office session asks no cookie consent: nothing shows once the page has settled.
  await readOnly.waitForLoadState('networkidle');
  await expect(readOnly.getByTestId('cookie-consent')).toHaveCount(0);
  await expectNoA11yViolations(readOnly, { label: 'member space read-only' });
  await expect(readOnly.getByRole('button', { name: 'Terminer la session' })).toBeVisible();
  const { status: refused } = await fetchFromPage(readOnly, '/api/auth/tutorial/finished', { method: 'POST' });
  expect(refused).toBe(403);
  await readOnly.getByRole('button', { name: 'Terminer la session' }).click();
  await expect(readOnly).toHaveURL(/\/login/);

  // A derogator acts for the member with a reason; the audit shows the calls with the reason.
  const derogator = await staffSignIn(browser, 'derogator@gestion.localhost');
  await derogator.getByRole('link', { name: 'Adhérents' }).click();
  await derogator.getByRole('textbox', { name: /n° d’adhérent/ }).fill('12345678');
  await derogator.getByRole('button', { name: 'Rechercher' }).click();
  await derogator.getByRole('textbox', { name: /Motif de la dérogation/ }).fill('Adhérente au téléphone');
  await expectNoA11yViolations(derogator, { label: 'member search (derogation)' });
  const acting = derogator.context().waitForEvent('page');
  await derogator.getByRole('button', { name: /Agir pour l’adhérent/ }).click();
  const derogation = await acting;
  await derogation.bringToFront();
  await expect(derogation.getByTestId('bo-banner')).toContainText('par dérogation', { timeout: 30_000 });
  await expectNoA11yViolations(derogation, { label: 'member space by derogation' });
  const audit = await manager.evaluate(async () => {
    const res = await fetch('/api/bo/audit?entered=true');
    return ((await res.json()).data as { kind: string; details: { reason?: string } }[]).map((a) => `${a.kind}:${a.details.reason ?? ''}`);
  });
  expect(audit).toContain('BO_SESSION_CALL:Adhérente au téléphone');

  // The audit screen: by member and day, then one session followed from its row.
  await manager.bringToFront();
  await manager.getByRole('link', { name: 'Journal d’audit' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Journal d’audit' })).toBeVisible();
  await expect(manager.getByText(/Indiquez au moins un critère/)).toBeVisible();
  const filters = manager.getByRole('form', { name: 'Rechercher dans le journal d’audit' });
  await filters.getByRole('textbox', { name: 'Adhérent' }).fill('12345678');
  await filters.getByRole('textbox', { name: 'Agent' }).fill('derogator@gestion.localhost');
  await filters.getByLabel('Du', { exact: true }).fill(parisIsoDate());
  await filters.getByLabel('Au', { exact: true }).fill(parisIsoDate());
  await filters.getByRole('button', { name: 'Rechercher' }).click();
  await expect(manager).toHaveURL(/\/audit\?member=12345678&staff=derogator%40gestion\.localhost&from=/);
  const results = manager.getByRole('table');
  const opening = results.getByRole('row', { name: /Session dans l’espace d’un adhérent ouverte/ }).first();
  await expect(opening).toContainText('Diane Dérogataire (derogator@gestion.localhost)');
  await expect(opening).toContainText('12345678');
  await expect(opening).toContainText('Adhérente au téléphone');
  await expectNoA11yViolations(manager, { label: 'audit screen' });
  const sessionRef = (await opening.getByRole('button', { name: /Événements de la session/ }).innerText()).trim();
  await opening.getByRole('button', { name: /Événements de la session/ }).click();
  await expect(manager).toHaveURL(new RegExp(`/audit\\?session=${sessionRef}$`));
  await expect(results.getByRole('row', { name: /Action dans l’espace d’un adhérent/ }).first()).toBeVisible();
  const sessions = await results.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.children[4]!.textContent!.trim()));
  expect(new Set(sessions)).toEqual(new Set([sessionRef]));
  // A bad filter gets the server's French message.
  await filters.getByRole('textbox', { name: 'Session' }).fill('pas-une-ref');
  await filters.getByRole('button', { name: 'Rechercher' }).click();
  await expect(manager.getByRole('alert')).toContainText('La référence de session compte 12 caractères');
  // The derogator has no audit screen.
  await derogator.bringToFront();
  await expect(derogator.getByRole('link', { name: 'Journal d’audit' })).toHaveCount(0);
});

test('an administrator publishes an announcement and turns a feature off: the member sees both', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await staffSignIn(browser, 'admin@gestion.localhost');
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.getByRole('link', { name: 'Administration' }).click();
  await expect(admin.getByRole('heading', { name: 'Administration' })).toBeVisible();
  await admin.getByRole('combobox', { name: 'Mutuelle' }).click();
  await admin.getByRole('option', { name: 'Mutua Santé' }).click();
  await expectNoA11yViolations(admin, { label: 'admin settings' });
  const message = `Nos bureaux ferment le 24 décembre à midi (${Date.now()}).`;
  await admin.getByRole('textbox', { name: 'Message de l’annonce' }).fill(message);
  await admin.getByRole('button', { name: 'Publier l’annonce' }).click();
  await expect(admin.getByText('Annonce publiée.')).toBeVisible();
  await admin.getByRole('switch', { name: 'Mes services' }).click();
  await expect(admin.getByText('Fonctionnalité enregistrée.')).toBeVisible();
  await expect(admin.getByRole('switch', { name: 'Mes services' })).not.toBeChecked();
  await admin.screenshot({ path: test.info().outputPath('admin-settings-1280.png'), fullPage: true });
  for (const tab of ['FAQ', 'Pages légales', 'Comptes du personnel']) {
    await admin.getByRole('tab', { name: tab }).click();
    await expect(admin.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expect(admin.getByRole('tabpanel', { name: tab }).getByRole('button').first()).toBeVisible();
    await expectNoA11yViolations(admin, { label: `admin ${tab}` });
    await admin.screenshot({ path: test.info().outputPath(`admin-${tab.replace(/\W+/g, '-')}-1280.png`), fullPage: true });
  }

  // The member: the announcement on home, « Mes services » gone from the navigation and its page sends home.
  await camilleAt(page, '/home');
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mes services' })).toHaveCount(0);
  await page.goto(instance.tenantUrl('mutua', '/services'));
  await expect(page).toHaveURL(/\/home$/);

  // Back on, as it was.
  await admin.getByRole('tab', { name: 'Réglages' }).click();
  await admin.getByRole('switch', { name: 'Mes services' }).click();
  await expect(admin.getByRole('switch', { name: 'Mes services' })).toBeChecked();
});

test('an agent answers with a document; the member sees nothing until a manager, having read it, approves; then downloads it from the thread', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The member asks for an attestation (sent through the API the « Écrire un message » form uses).
  await camilleAt(page, '/requests');
  const object = `Attestation demandée ${Date.now()}`;
  const sent = await fetchFromPage<{ data: { requestId: string } }>(page, '/api/requests/messages', {
    method: 'POST',
    form: { object, category: 'membership_other', message: 'Bonjour, pouvez-vous m’envoyer une attestation de droits\u00a0?' },
  });
  const caseId = sent.body.data.requestId;

  // The agent proposes the PDF from the case.
  const agent = await staffSignIn(browser, 'agent@gestion.localhost');
  await agent.goto(staffUrl(`/cases/${caseId}`));
  const card = agent.getByRole('region', { name: 'Document à l’adhérent' });
  await card.getByRole('textbox', { name: 'Nom du document' }).fill('Attestation de droits 2026');
  await expect(card.getByRole('textbox', { name: 'Message à l’adhérent' })).toHaveValue(/le document « Attestation de droits 2026 »/);
  await card.locator('input[type="file"]').setInputFiles({ name: 'attestation.pdf', mimeType: 'application/pdf', buffer: PDF });
  await card.getByRole('button', { name: 'Proposer le document' }).click();
  await expect(card.getByTestId('document-pending')).toContainText('en attente de la validation d’un responsable');
  await expectNoA11yViolations(agent, { label: 'case with a pending document' });
  await card.screenshot({ path: test.info().outputPath('case-document-1280.png') });

  // Not published yet: the member's thread holds their message only.
  const thread = async () => {
    await page.goto(instance.tenantUrl('mutua', `/requests?request=${caseId}`));
    return page.getByRole('dialog', { name: object }).getByTestId('thread-message');
  };
  await expect(await thread()).toHaveCount(1);

  // A manager reads the PDF, then approves.
  const manager = await staffSignIn(browser, 'manager@gestion.localhost');
  await manager.getByRole('link', { name: 'Validations' }).click();
  const item = manager.getByRole('article', { name: 'Document « Attestation de droits 2026 » pour Camille Durand' });
  const read = manager.waitForEvent('download');
  await item.getByRole('link', { name: /^Lire le document \(attestation\.pdf/ }).click();
  expect((await read).suggestedFilename()).toBe('attestation.pdf');
  await expectNoA11yViolations(manager, { label: 'approvals with a document' });
  await manager.screenshot({ path: test.info().outputPath('approvals-document-1280.png') });
  await item.getByRole('button', { name: 'Valider le document' }).click();
  await expect(manager.getByText('Document validé')).toBeVisible();

  // The member finds the insurer's message with the document, and downloads it.
  const messages = await thread();
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(1)).toContainText('le document « Attestation de droits 2026 »');
  const download = page.waitForEvent('download');
  await messages.nth(1).getByRole('button', { name: 'Télécharger Attestation de droits 2026 (attestation.pdf)' }).click();
  expect((await download).suggestedFilename()).toBe('attestation.pdf');
});

// A paper of its own per run: the same invoice file sent in two claims is refused as a duplicate.
const PDF = Buffer.from(`%PDF-1.7\n% invoice ${randomUUID()}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('a member sends a refund claim; an agent accepts it proposing the refund; a manager approves; the member downloads its statement', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The member asks for a refund (kinésithérapie, 60,00 €) with the invoice and the statement.
  await camilleAt(page, '/home');
  await page.getByRole('region', { name: 'Que souhaitez-vous faire ?' }).getByRole('link', { name: 'Me faire rembourser' }).click();
  const form = page.getByRole('dialog', { name: 'Me faire rembourser' });
  await form.getByRole('searchbox', { name: 'Rechercher un autre acte' }).fill('kiné');
  await form.getByRole('radio', { name: 'Kinésithérapie' }).check();
  await form.getByRole('combobox', { name: /Bénéficiaire des soins/ }).selectOption({ label: 'Léa Durand' });
  await form.getByLabel(/Date des soins/).fill(parisIsoDate());
  await form.getByRole('textbox', { name: /Montant payé/ }).fill('60,00');
  await form.getByRole('radio', { name: 'Plusieurs séances' }).check();
  await form.getByRole('textbox', { name: /Nombre de séances/ }).fill('2');
  await form
    .getByRole('group', { name: /^Facture détaillée et acquittée/ })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form
    .getByRole('group', { name: /^Décompte de la Sécurité sociale/ })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'decompte.png', mimeType: 'image/png', buffer: PNG });
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/refund-requests') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  const caseId = ((await response.json()) as { data: { requestId: string } }).data.requestId;

  // The agent opens the case, downloads the invoice, and accepts the engine's proposal, correcting it to 20,00 € with a reason.
  const agent = await staffSignIn(browser, 'agent@gestion.localhost');
  await expect(agent.getByRole('link', { name: 'Validations' })).toHaveCount(0);
  await agent.goto(staffUrl(`/cases/${caseId}`));
  await expect(agent.getByRole('heading', { name: 'Remboursement', exact: true })).toBeVisible();
  const invoice = agent.waitForEvent('download');
  await agent.getByRole('link', { name: 'facture.pdf' }).click();
  expect((await invoice).suggestedFilename()).toBe('facture.pdf');
  const line = agent.getByTestId('proposed-line');
  await expect(line).toContainText('Kinésithérapie', { ignoreCase: true });
  await expect(line).toContainText(/Dépense\s*60,00\s€/);
  const engineFigure = (await line.locator('dt', { hasText: 'Mutuelle (calcul du moteur)' }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
  await expectNoA11yViolations(agent, { label: 'case with the engine’s proposal' });
  await line.getByRole('checkbox', { name: 'Corriger le montant de la mutuelle' }).check();
  await line.getByRole('textbox', { name: /Montant corrigé/ }).fill('20,00');
  await line.getByRole('textbox', { name: /Motif de la correction/ }).fill('Une seule séance sur la facture');
  await agent.getByRole('button', { name: 'Accepter et proposer le remboursement' }).click();
  await expect(agent.getByTestId('refund-pending')).toContainText('en attente de la validation d’un responsable');
  await expect(agent.getByTestId('refund-pending')).toContainText('20,00');
  await expectNoA11yViolations(agent, { label: 'case with a pending refund' });
  await agent.screenshot({ path: test.info().outputPath('case-refund-1280.png'), fullPage: true });

  // Not yet published: the member has no refund of today's care at 20,00 €; the timeline moved.
  const mine = async () =>
    ((await (await page.request.get(instance.tenantUrl('mutua', '/api/refunds?limit=100'))).json()) as { data: { items: { id: string }[] } }).data.items.map(
      (r) => r.id,
    );
  const before = await mine();

  // A manager approves it from « Validations ».
  const manager = await staffSignIn(browser, 'manager@gestion.localhost');
  await manager.getByRole('link', { name: 'Validations' }).click();
  await expect(manager.getByRole('heading', { name: 'Validations en attente' })).toBeVisible();
  const item = manager.getByRole('article', { name: /Remboursement de 20,00\s€ à Camille Durand/i });
  await expect(item).toContainText('Proposé par Alice Agent');
  // The correction beside the engine's figure, with its reason.
  await expect(item.getByTestId('approval-lines')).toContainText(`mutuelle ${engineFigure} selon le moteur · corrigé à 20,00`);
  await expect(item.getByTestId('approval-lines')).toContainText('(motif : Une seule séance sur la facture)');
  await expectNoA11yViolations(manager, { label: 'approvals' });
  await manager.screenshot({ path: test.info().outputPath('approvals-1280.png') });
  const approved = manager.waitForResponse((r) => /\/api\/bo\/approvals\/[0-9a-f-]+$/.test(r.url()) && r.request().method() === 'POST');
  await item.getByRole('button', { name: 'Valider le remboursement' }).click();
  const { data } = (await (await approved).json()) as { data: { refundId: string } };
  await expect(manager.getByText('Remboursement validé')).toBeVisible();
  await expect(manager.getByText('Aucune proposition n’attend de validation.')).toBeVisible();

  // The member sees it in « Mes remboursements », the request taken in charge, and downloads its statement.
  expect((await mine()).filter((id) => !before.includes(id))).toEqual([data.refundId]);
  await page.goto(instance.tenantUrl('mutua', '/refunds'));
  const row = page.getByTestId('refunds-table').locator(`tbody tr[data-refund-id="${data.refundId}"]`);
  await row.getByRole('button', { name: /^Détail du remboursement du / }).click();
  const panel = page.getByRole('dialog', { name: 'Détail du remboursement' });
  await expect(panel).toContainText(/kinésithérapie/i);
  // Corrected: the sentence says what was paid, and what the engine had computed.
  await expect(panel).toContainText(/Remboursement ajusté par nos services\s: votre mutuelle vous rembourse 20,00\s€/);
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Télécharger le décompte' }).click();
  const text = execFileSync('pdftotext', ['-layout', await (await download).path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('Décompte de remboursement');
  expect(text).toContain('Camille Durand');
  expect(text).toMatch(/kinésithérapie/i);
  expect(text).toMatch(/20,00/);
  await page.goto(instance.tenantUrl('mutua', `/requests?request=${caseId}`));
  await expect(page.getByRole('dialog', { name: 'Demande de remboursement – Kinésithérapie' }).getByText('Prise en charge')).toBeVisible();
});

test('an administrator adds a FAQ category, a theme and a question the member reads, and makes an agent a manager', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const admin = await staffSignIn(browser, 'admin@gestion.localhost');
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.getByRole('link', { name: 'Administration' }).click();
  await admin.getByRole('combobox', { name: 'Mutuelle' }).click();
  await admin.getByRole('option', { name: 'Mutua Santé' }).click();
  await admin.getByRole('tab', { name: 'FAQ' }).click();
  const faq = admin.getByRole('tabpanel', { name: 'FAQ' });

  // A category: its id follows the title; one already used is refused with the server's message, in the dialog.
  const addCategory = faq.getByRole('button', { name: 'Ajouter une catégorie' });
  await addCategory.click();
  const categoryDialog = admin.getByRole('dialog', { name: 'Ajouter une catégorie' });
  await expect(categoryDialog.getByRole('textbox', { name: 'Titre' })).toBeFocused();
  await categoryDialog.getByRole('textbox', { name: 'Titre' }).fill('Prévention santé');
  await expect(categoryDialog.getByRole('textbox', { name: 'Identifiant dans l’adresse' })).toHaveValue('prevention-sante');
  await categoryDialog.getByRole('textbox', { name: 'Description' }).fill('Vaccins, dépistages et bilans de santé.');
  await categoryDialog.getByRole('textbox', { name: 'Identifiant dans l’adresse' }).fill('remboursements');
  await categoryDialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(categoryDialog.getByRole('alert')).toHaveText('Cet identifiant est déjà utilisé.');
  await expectNoA11yViolations(admin, { label: 'admin FAQ, category dialog with an error' });
  await admin.screenshot({ path: test.info().outputPath('admin-faq-category-dialog-1280.png') });
  await categoryDialog.getByRole('textbox', { name: 'Identifiant dans l’adresse' }).fill('prevention-sante');
  await categoryDialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(categoryDialog).toBeHidden();
  await expect(faq.getByRole('status')).toHaveText('Catégorie ajoutée\u00a0: Prévention santé.');
  await expect(addCategory).toBeFocused();

  // A theme in it, then a question in the theme.
  const category = faq.getByRole('region', { name: 'Prévention santé' });
  await category.getByRole('button', { name: 'Ajouter un thème' }).click();
  const themeDialog = admin.getByRole('dialog', { name: 'Ajouter un thème' });
  await expect(themeDialog.getByText('Dans la catégorie «\u00a0Prévention santé\u00a0».')).toBeVisible();
  await themeDialog.getByRole('textbox', { name: 'Titre' }).fill('Vaccins');
  await expectNoA11yViolations(admin, { label: 'admin FAQ, theme dialog' });
  await themeDialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(themeDialog).toBeHidden();
  await expect(category.getByRole('heading', { name: 'Vaccins' })).toBeVisible();
  await category.getByRole('button', { name: 'Ajouter une question au thème\u00a0: Vaccins' }).click();
  const questionDialog = admin.getByRole('dialog', { name: 'Ajouter une question' });
  await questionDialog.getByRole('textbox', { name: 'Question' }).fill('Le vaccin contre la grippe est-il remboursé\u00a0?');
  await questionDialog.getByRole('textbox', { name: 'Réponse' }).fill('Oui\u00a0: il est pris en charge à 100\u00a0% sur prescription.');
  await questionDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(questionDialog).toBeHidden();
  // Renamed, and moved up one place (the focus stays on the button moved).
  await category.getByRole('button', { name: 'Renommer la catégorie\u00a0: Prévention santé' }).click();
  const renameDialog = admin.getByRole('dialog', { name: 'Renommer la catégorie' });
  await expect(renameDialog.getByText('L’adresse ne change pas\u00a0: /faq/prevention-sante')).toBeVisible();
  await renameDialog.getByRole('textbox', { name: 'Titre' }).fill('Prévention');
  await renameDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(faq.getByRole('status')).toHaveText('Catégorie renommée\u00a0: Prévention.');
  const moveUp = faq.getByRole('button', { name: 'Monter\u00a0: Prévention', exact: true });
  await moveUp.click();
  await expect(faq.getByRole('status')).toHaveText('FAQ mise à jour.');
  await expect(moveUp).toBeFocused();
  await expectNoA11yViolations(admin, { label: 'admin FAQ, new category' });
  await admin.getByRole('region', { name: 'Prévention', exact: true }).scrollIntoViewIfNeeded();
  await admin.screenshot({ path: test.info().outputPath('admin-faq-1280.png') });
  await admin.setViewportSize({ width: 360, height: 800 });
  await admin.getByRole('region', { name: 'Prévention', exact: true }).scrollIntoViewIfNeeded();
  await admin.screenshot({ path: test.info().outputPath('admin-faq-360.png') });

  // The member's FAQ shows the category, its theme and the answer.
  await page.goto(instance.tenantUrl('mutua', '/faq'));
  await page.getByRole('link', { name: 'Prévention', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prévention' })).toBeVisible();
  await page.getByRole('link', { name: 'Vaccins' }).click();
  await page.getByText('Le vaccin contre la grippe est-il remboursé\u00a0?').click();
  await expect(page.getByText('Oui\u00a0: il est pris en charge à 100\u00a0% sur prescription.')).toBeVisible();

  // An agent becomes a manager: the dialog says their sessions end; the list shows the new role.
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.getByRole('tab', { name: 'Comptes du personnel' }).click();
  const staffPanel = admin.getByRole('tabpanel', { name: 'Comptes du personnel' });
  await expect(staffPanel.getByRole('row', { name: /Adrien Admin/ }).getByText('Votre compte')).toBeVisible();
  const changeRole = staffPanel.getByRole('button', { name: 'Modifier le rôle et les mutuelles de Bruno Azur' });
  await changeRole.click();
  const roleDialog = admin.getByRole('dialog', { name: 'Rôle et mutuelles de Bruno Azur' });
  await expect(roleDialog.getByRole('radio', { name: /^Gestionnaire/ })).toBeChecked();
  await expect(roleDialog.getByRole('radio', { name: /^Gestionnaire/ })).toBeFocused();
  await expect(roleDialog.getByRole('checkbox', { name: 'Azur Prévoyance' })).toBeChecked();
  await roleDialog.getByRole('radio', { name: /^Responsable/ }).check();
  await expectNoA11yViolations(admin, { label: 'admin staff, role dialog' });
  await admin.screenshot({ path: test.info().outputPath('admin-staff-role-dialog-1280.png') });
  await admin.setViewportSize({ width: 360, height: 800 });
  await admin.screenshot({ path: test.info().outputPath('admin-staff-role-dialog-360.png') });
  await admin.setViewportSize({ width: 1280, height: 900 });
  await roleDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(roleDialog).toBeHidden();
  await expect(staffPanel.getByRole('status')).toHaveText('Bruno Azur\u00a0: responsable. Ses sessions en cours ont été fermées.');
  await expect(staffPanel.getByRole('row', { name: /Bruno Azur/ }).getByRole('cell', { name: 'Responsable' })).toBeVisible();
  await expect(changeRole).toBeFocused();
});

test('an agent asks for additional parts; the member answers from the « missing information » dialog with a file; the agent reads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await camilleAt(page, '/requests');
  await page.getByRole('button', { name: 'Écrire un message' }).click();
  const hub = page.getByRole('dialog', { name: 'Écrire un message' });
  const object = `Remboursement de lunettes ${Date.now()}`;
  await hub.getByRole('textbox', { name: /^Objet/ }).fill(object);
  await hub.getByRole('combobox', { name: /^Catégorie/ }).selectOption({ label: 'Garanties : autre question' });
  await hub.getByRole('textbox', { name: /^Message/ }).fill('Bonjour, où en est mon remboursement\u00a0?');
  await hub.getByRole('button', { name: 'Envoyer' }).click();
  await expect(hub.getByTestId('message-sent')).toBeVisible();

  const agent = await staffSignIn(browser, 'agent@gestion.localhost');
  await agent.getByText('Non attribuées', { exact: true }).click();
  await agent.getByRole('link', { name: object }).click();
  await agent.getByRole('textbox', { name: 'Pièces demandées à l’adhérent' }).fill('Merci de nous envoyer la facture détaillée de l’opticien.');
  await agent.getByRole('button', { name: 'Demander les pièces' }).click();
  await expect(agent.getByText('Demande de pièces envoyée à l’adhérent.')).toBeVisible();

  // The member: the request for parts, and its dialog.
  await page.goto(instance.tenantUrl('mutua', '/requests'));
  const title = `Pièces complémentaires : ${object}`;
  await page.getByRole('button', { name: title, exact: true }).click();
  const panel = page.getByRole('dialog', { name: title });
  await panel.getByRole('link', { name: 'Ajouter les pièces demandées' }).click();
  const dialog = page.getByRole('dialog', { name: 'Informations manquantes' });
  await expect(dialog.getByText('Merci de nous envoyer la facture détaillée de l’opticien.')).toBeVisible();
  await expectNoA11yViolations(page, { label: 'missing-information' });
  await dialog.getByRole('button', { name: 'Envoyer mes pièces' }).click();
  await expect(dialog.getByText('Veuillez ajouter un fichier')).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'facture-opticien.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  await dialog.getByRole('textbox', { name: /Commentaire/ }).fill('La voici.');
  await dialog.getByRole('button', { name: 'Envoyer mes pièces' }).click();
  await expect(dialog.getByTestId('missing-information-sent')).toContainText('vos pièces ont bien été envoyées');
  // Opened again (the link of a mail, a second tab): nothing more to send.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Informations manquantes' })).toContainText('Cette demande n’attend plus de pièces de votre part.');

  // The agent sees the member's answer and its file in the case.
  await agent.reload();
  await expect(agent.getByText('La voici.')).toBeVisible();
  await expect(agent.getByText('facture-opticien.pdf')).toBeVisible();
});
