import { execFileSync } from 'node:child_process';
import { complaintDeadlines } from '@mutua/contracts/complaints';
import { addMonthsIso } from '@mutua/contracts/dates';
import { frenchDateWords } from '@mutua/contracts/french-format';
import type { TRequestsInfo } from '@mutua/contracts/requests';
import { nextDueDateWithNotice } from '@mutua/contracts/termination';
import type { Locator, Page } from '@playwright/test';
import { MailReader } from '../support/mail-reader';
import { e2eState } from '../support/state';
import { apiFromPage, expect, expectNoA11yViolations, test, TINY_PNG } from './member-session';

// Contractual information, termination of paid options in three
// clicks (keyboard only) with its acknowledgement, a complaint with its two deadlines, contact-us.
// Camille (mutua, individual contract since 2024 with two paid options) on the shared server. Only
// paid options are terminated here, so the contract stays terminable for the next run.

/** Today in Paris (the server's receipt date). */
test.describe.configure({ timeout: 120_000 });

const parisToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const pdfText = (path: string) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

async function expectMediatorShown(scope: Locator) {
  const mediator = scope.getByRole('region', { name: 'Médiateur de la Mutualité Française' });
  await expect(mediator).toBeVisible();
  await expect(mediator.getByText('255 rue de Vaugirard')).toBeVisible();
  await expect(mediator.getByText('75719 Paris Cedex 15')).toBeVisible();
  const site = mediator.getByRole('link', { name: 'Site du Médiateur de la Mutualité Française (mediateur-mutualite.fr, nouvel onglet)' });
  await expect(site).toBeVisible();
  await expect(site).toHaveAttribute('href', 'https://www.mediateur-mutualite.fr');
}

async function press(page: Page, target: ReturnType<Page['getByRole']>, key = 'Enter') {
  await target.focus();
  await expect(target).toBeFocused();
  await page.keyboard.press(key);
}

test('contracts, then terminating a paid option through the summary, keyboard only, with the acknowledgement by mail and PDF', async ({ page }) => {
  const mail = new MailReader(e2eState().mailApi);
  const after = await mail.mark();
  await page.goto('/contractual-info');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes contrats' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Santé Essentielle Individuelle' });
  await expect(card.getByText('En cours')).toBeVisible();
  await expect(card.getByText(/Renfort dentaire/)).toBeVisible();
  await card.getByText('Tableau des garanties').click();
  await expect(card.getByRole('cell', { name: 'Chambre particulière', exact: true })).toBeVisible();
  // The shared documents from the database, downloadable (an individual contract: the guarantees table is there).
  const docs = page.getByRole('region', { name: 'Documents de votre contrat' });
  await expect(docs.getByText('Notice d’information du contrat santé')).toBeVisible();
  const table = page.waitForEvent('download');
  await press(page, docs.getByRole('button', { name: 'Télécharger Tableau de garanties santé 2026' }));
  expect((await table).suggestedFilename()).toBe('Tableau de garanties santé 2026.pdf');
  await expectNoA11yViolations(page, { label: 'contractual-info' });

  // « Résilier votre contrat » is in the footer of every page.
  await page.goto('/home');
  await press(page, page.getByRole('contentinfo').getByRole('link', { name: 'Résilier votre contrat' }));
  const dialog = page.getByRole('dialog', { name: 'Résilier votre contrat' });
  await expect(dialog.getByRole('heading', { name: /conditions et conséquences/ })).toBeVisible();
  await expect(dialog.getByText(/au moins 2 mois avant la date d’échéance/)).toBeVisible();
  await expect(dialog.getByText(/remboursées dans un délai de 30 jours/)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Durand');
  await expect(dialog.getByRole('textbox', { name: /Adresse e-mail/ })).toHaveValue('camille.durand@example.com');
  // Each reason shows its own effective date, and none is chosen for the member: Camille (member since
  // 2024) ends next month after one year, not at the due date 2 months' notice away.
  const dueDate = frenchDateWords(nextDueDateWithNotice(parisToday()));
  const oneMonth = frenchDateWords(addMonthsIso(parisToday(), 1));
  const reasons = dialog.getByRole('radiogroup', { name: /Motif/ });
  await expect(reasons.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(reasons.getByRole('radio', { name: 'Résiliation à échéance' })).toHaveAccessibleDescription(
    new RegExp(`^Date d’effet\\s: ${dueDate} \\(à l’échéance annuelle, demandée au moins 2\\smois avant\\)\\.$`),
  );
  await expect(reasons.getByRole('radio', { name: 'Résiliation après un an d’adhésion' })).toHaveAccessibleDescription(
    new RegExp(`^Date d’effet\\s: ${oneMonth} \\(un mois après réception\\)\\.$`),
  );

  // Sent without an option nor a reason: the errors name them and the focus goes to the first.
  await press(page, dialog.getByRole('button', { name: 'Continuer vers le récapitulatif' }));
  await expect(dialog.getByText('Veuillez choisir au moins une option')).toBeVisible();
  await expect(dialog.getByText('Veuillez choisir un motif')).toBeVisible();
  await press(page, dialog.getByRole('checkbox', { name: /Renfort dentaire/ }), 'Space');
  await expect(dialog.getByRole('checkbox', { name: /Renfort dentaire/ })).toBeChecked();
  await press(page, reasons.getByRole('radio', { name: 'Résiliation après un an d’adhésion' }), 'Space');
  await expect(reasons.getByRole('radio', { name: 'Résiliation après un an d’adhésion' })).toBeChecked();
  await dialog.getByRole('textbox', { name: /Précisez votre motif/ }).focus();
  await page.keyboard.type('Je change de mutuelle.');
  await expectNoA11yViolations(page, { label: 'paid-options form' });
  await press(page, dialog.getByRole('button', { name: 'Continuer vers le récapitulatif' }));

  const effective = oneMonth;
  const summary = page.getByRole('dialog', { name: 'Récapitulatif de votre demande de résiliation' });
  await expect(summary.getByRole('row', { name: /Options Renfort dentaire/ })).toBeVisible();
  await expect(summary.getByRole('row', { name: /Motif Résiliation après un an d’adhésion\s: Je change de mutuelle\./ })).toBeVisible();
  await expect(summary.getByRole('row', { name: new RegExp(`Date d’effet de la résiliation ${effective}`) })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'paid-options-summary' });

  // Back to correct: the form keeps what was typed.
  await press(page, summary.getByRole('button', { name: 'Modifier ma demande' }));
  await expect(dialog.getByRole('checkbox', { name: /Renfort dentaire/ })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: /Précisez votre motif/ })).toHaveValue('Je change de mutuelle.');
  await press(page, dialog.getByRole('button', { name: 'Continuer vers le récapitulatif' }));
  await press(page, summary.getByRole('button', { name: 'Confirmer ma demande de résiliation' }));

  const ack = summary.getByTestId('termination-ack');
  await expect(ack).toBeFocused();
  await expect(ack).toContainText('Votre demande de résiliation a bien été reçue');
  await expect(ack).toContainText(`Date d’effet de la résiliation\u00a0: ${effective}`);
  await expectNoA11yViolations(page, { label: 'termination acknowledgement' });

  const download = page.waitForEvent('download');
  await press(page, summary.getByRole('button', { name: 'Télécharger l’accusé de réception (PDF)' }));
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Accuse_reception_resiliation_${parisToday()}.pdf`);
  const text = pdfText(await file.path());
  expect(text).toContain(`Demande reçue le ${frenchDateWords(parisToday())} à`);
  expect(text).toContain(`Date d’effet de la résiliation : ${effective}`);
  expect(text).toContain('Renfort dentaire');

  const sent = await mail.waitFor({ to: 'camille.durand@example.com', subject: 'Accusé de réception de votre demande de résiliation', after });
  expect(sent.text).toContain(`Date d’effet de la résiliation\u00a0: ${effective}`);

  // The request (10030) is in « Mes demandes ».
  const info = (await apiFromPage<{ data: TRequestsInfo }>(page, '/api/all-info?actionKey=requests')).data;
  const request = info.allRequests.flatMap((g) => g.requests).find((r) => r.typeCode === 10030);
  expect(request?.title).toBe('Résiliation d’options payantes – Santé Essentielle Individuelle');

  // The summary without the form (a new visit, no state handed by paid-options) goes home.
  await page.goto('/requests');
  await page.goto('/paid-options-summary');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
});

test('a complaint shows its two deadlines and a dated copy; contact-us gives the hours and confirms a message', async ({ page }) => {
  const { acknowledgeBy, answerBy } = complaintDeadlines(parisToday());
  await page.goto('/claim-page');
  const dialog = page.getByRole('dialog', { name: 'Réclamation' });
  await expect(dialog.getByText(/10 jours ouvrables/)).toBeVisible();
  // The mediator's name, address and website are shown, not behind a disclosure, and the link says where it goes.
  await expectMediatorShown(dialog);
  await expectNoA11yViolations(page, { label: 'claim-page' });

  await dialog.getByRole('button', { name: 'Envoyer ma réclamation' }).click();
  await expect(dialog.getByText("Le champ 'Objet' ne peut pas être vide")).toBeVisible();
  const subject = `Remboursement incomplet ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Objet' }).fill(subject);
  await dialog.getByRole('combobox', { name: 'Thème' }).selectOption({ label: 'Remboursements' });
  await dialog.getByRole('textbox', { name: 'Commentaire' }).fill('Le remboursement de ma consultation du 2 octobre est incomplet.');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'decompte.png', mimeType: 'image/png', buffer: TINY_PNG });
  await dialog.getByRole('button', { name: 'Envoyer ma réclamation' }).click();

  const sent = dialog.getByTestId('complaint-sent');
  await expect(sent).toBeFocused();
  const long = (iso: string) => frenchDateWords(iso);
  await expect(sent).toContainText(`Accusé de réception au plus tard le ${long(acknowledgeBy)}`);
  await expect(sent).toContainText(`réponse au plus tard le ${long(answerBy)}`);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Télécharger la copie datée (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Reclamation_${parisToday()}.pdf`);
  const text = pdfText(await file.path());
  expect(text).toContain(subject);
  expect(text).toContain('Médiateur de la Mutualité Française');

  // « Mes demandes »: the request carries both deadlines.
  await dialog.getByRole('link', { name: 'Voir ma demande' }).click();
  const panel = page.getByRole('dialog', { name: `Réclamation : ${subject}` });
  await expect(panel.getByText(`Accusé de réception au plus tard le ${long(acknowledgeBy)} ; réponse au plus tard le ${long(answerBy)}.`)).toBeVisible();
  // The countdown (working days for the acknowledgement), computed by the contracts' rule.
  const countdown = panel.getByTestId('complaint-countdown');
  await expect(countdown).toContainText(`Accusé de réception attendu au plus tard le ${long(acknowledgeBy)} (dans 10 jours ouvrables)`);
  await expect(countdown).toContainText(`Réponse attendue au plus tard le ${long(answerBy)} (dans `);
  await expectNoA11yViolations(page, { label: 'complaint in Mes demandes' });

  await page.goto('/contact-us');
  const contact = page.getByRole('dialog', { name: 'Nous contacter' });
  await expect(contact.getByText(/Du lundi au vendredi de 8\sh\s30 à 18\sh/).first()).toBeVisible();
  await expect(contact.getByText('75014 Paris')).toBeVisible();
  await expectMediatorShown(contact);
  await contact.getByRole('combobox', { name: 'Thème' }).selectOption({ label: 'Mes remboursements' });
  await contact.getByRole('textbox', { name: 'Objet' }).fill('Délai de remboursement');
  await contact.getByRole('textbox', { name: 'Message' }).fill('Bonjour, sous quel délai serai-je remboursée ?');
  await expectNoA11yViolations(page, { label: 'contact-us' });
  await contact.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(contact.getByTestId('contact-sent')).toBeFocused();
  await expect(contact.getByTestId('contact-sent')).toContainText('Message envoyé');
});
