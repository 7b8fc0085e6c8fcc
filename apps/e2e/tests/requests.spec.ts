import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { TRequestsInfo } from '@mutua/contracts/requests';
import { apiFromPage, expect, expectNoA11yViolations, test, TINY_PNG } from './member-session';

// Requests and their thread. Tests that change a request each use their own demo request
// (apps/server/src/modules/requests/seed.ts), so that the specs stay independent of their order:
//   - read:  « Pièces complémentaires pour votre facture dentaire » (unread message)
//   - reply: « Question sur le remboursement de la pharmacie » (message under study)
//   - new message: creates its own request.

const UNREAD = 'Pièces complémentaires pour votre facture dentaire';
const REPLY_TO = 'Question sur le remboursement de la pharmacie';
const WITH_STEP_DOCUMENT = 'Changement de coordonnées bancaires';

async function requestIdOf(page: import('@playwright/test').Page, title: string): Promise<string> {
  const info = (await apiFromPage<{ data: TRequestsInfo }>(page, '/api/all-info?actionKey=requests')).data;
  const found = info.allRequests.flatMap((g) => g.requests).find((r) => r.title === title);
  if (!found) throw new Error(`No demo request «${title}»`);
  return found.id;
}

test.describe('requests page', () => {
  test('reading a message marks it read on the server: still read after a reload', async ({ page }) => {
    await page.goto('/requests');
    const item = page.getByTestId('request-item').filter({ has: page.getByRole('button', { name: UNREAD, exact: true }) });
    await expect(item.getByText('Message non lu')).toBeVisible();
    await expect(item.getByText('Nouveau')).toBeVisible();

    const marked = page.waitForResponse((r) => r.url().includes('/api/requests/message?idMessage=') && r.request().method() === 'POST');
    await item.getByRole('button', { name: UNREAD, exact: true }).click();
    const panel = page.getByRole('dialog', { name: UNREAD });
    await expect(panel).toBeVisible();
    expect((await marked).status()).toBe(200);
    await expect(panel.getByText('Message lu')).toBeVisible();
    await expect(panel.getByText('Nouveau')).toHaveCount(0);
    await expect(panel.getByTestId('thread-message').first()).toContainText('facture détaillée');
    await expectNoA11yViolations(page, { label: 'request panel' });

    await panel.getByRole('button', { name: 'Fermer' }).click();
    await expect(item.getByText('Message lu')).toBeVisible();
    await expect(item.getByText('Nouveau')).toHaveCount(0);

    await page.reload();
    await expect(item.getByText('Message lu')).toBeVisible();
    await expect(item.getByText('Nouveau')).toHaveCount(0);
    await expect(item.getByText('Message non lu')).toHaveCount(0);
  });

  test('replying with an attachment ends on “Message envoyé”, and the message joins the thread', async ({ page }) => {
    const id = await (async () => {
      await page.goto('/requests');
      return requestIdOf(page, REPLY_TO);
    })();
    await page.goto(`/requests?request=${id}`);
    const panel = page.getByRole('dialog', { name: REPLY_TO });
    await panel.getByRole('button', { name: 'Répondre' }).click();
    // The member writes at once: « Répondre » hands the focus to the reply box.
    await expect(panel.getByRole('textbox', { name: /Votre réponse/ })).toBeFocused();
    const body = `Voici le ticket de la pharmacie (${Date.now()}).`;
    await panel.getByRole('textbox', { name: /Votre réponse/ }).fill(body);
    // The keyboard-reachable button opens the same file picker as the drop zone.
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Ajouter des fichiers' }).click();
    await (await chooser).setFiles({ name: 'ticket-pharmacie.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(panel.getByRole('list', { name: 'Fichiers ajoutés' })).toContainText('ticket-pharmacie.png');
    await expectNoA11yViolations(page, { label: 'reply form' });

    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/requests/${id}/messages`) && r.request().method() === 'POST');
    await panel.getByRole('button', { name: 'Envoyer ma réponse' }).click();
    expect((await sent).status()).toBe(201);
    await expect(panel.getByTestId('message-sent')).toContainText('Message envoyé');
    const mine = panel.getByTestId('thread-message').filter({ hasText: body });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('button', { name: /ticket-pharmacie\.png/ })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
    await expectNoA11yViolations(page, { label: 'reply sent' });

    // Stored on the server: there after a reload, and back home from the confirmation.
    await page.reload();
    await expect(page.getByRole('dialog', { name: REPLY_TO }).getByTestId('thread-message').filter({ hasText: body })).toBeVisible();
    await page.getByRole('dialog', { name: REPLY_TO }).getByRole('button', { name: 'Répondre' }).waitFor();
  });

  test('a step document downloads as the real file', async ({ page }) => {
    await page.goto('/requests');
    await page.getByRole('button', { name: WITH_STEP_DOCUMENT, exact: true }).click();
    const panel = page.getByRole('dialog', { name: WITH_STEP_DOCUMENT });
    // A done step: its documents are shown, and it offers "Contact".
    await expect(panel.getByRole('link', { name: /^Contact/ }).first()).toBeVisible();
    const download = page.waitForEvent('download');
    const button = panel.getByRole('button', { name: /^Télécharger Mandat de prélèvement SEPA signé/ });
    await button.focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe('mandat-sepa.pdf');
    // The keyboard user is where they were: on the control that started the download.
    await expect(button).not.toHaveAttribute('aria-busy');
    await expect(button).toBeFocused();
    const saved = await file.path();
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
    expect(execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' })).toContain('Référence unique de mandat');
  });

  test('the type filter, refresh, the delay notice, and "Contact" opening the new-request dialog', async ({ page }) => {
    await page.goto('/requests');
    await expect(page.getByTestId('average-delay')).toContainText('traitée en moyenne d’ici le');
    await page.getByRole('combobox', { name: 'Type de demande' }).selectOption({ label: 'Devis' });
    const items = page.getByTestId('request-item');
    await expect(items.first()).toBeVisible();
    for (const text of await items.allInnerTexts()) expect(text).toContain('Devis —');

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/all-info?actionKey=requests'));
    await page.getByRole('button', { name: 'Actualiser' }).click();
    expect((await refreshed).status()).toBe(200);
    await expectNoA11yViolations(page, { label: 'requests filtered' });

    await page.getByRole('combobox', { name: 'Type de demande' }).selectOption({ label: 'Toutes les demandes' });
    await page.getByRole('button', { name: WITH_STEP_DOCUMENT, exact: true }).click();
    await page
      .getByRole('dialog', { name: WITH_STEP_DOCUMENT })
      .getByRole('link', { name: /^Contact/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/new-request$/);
    const hub = page.getByRole('dialog', { name: 'Nouvelle demande' });
    await expect(hub.getByRole('heading', { name: 'Nous contacter' })).toBeVisible();
    await expect(hub.getByRole('link', { name: 'Chatbot 24h/24, 7j/7' })).toHaveAttribute('href', '/help/assistant');
    await expectNoA11yViolations(page, { label: 'new-request hub' });
  });

  test('writing a new message from the requests page: checked, sent with its attachment, listed', async ({ page }) => {
    // (The new-request hub's « Nous contacter » leads to the contact page.)
    await page.goto('/requests');
    await page.getByRole('button', { name: 'Écrire un message' }).click();
    const hub = page.getByRole('dialog', { name: 'Écrire un message' });
    await hub.getByRole('button', { name: 'Envoyer' }).click();
    await expect(hub.getByText("Le champ 'Objet' ne peut pas être vide")).toBeVisible();
    const object = `Question sur mes garanties optiques ${Date.now()}`;
    await hub.getByRole('textbox', { name: /^Objet/ }).fill(object);
    await hub.getByRole('combobox', { name: /^Catégorie/ }).selectOption({ label: 'Garanties : autre question' });
    await hub.getByRole('textbox', { name: /^Message/ }).fill('Bonjour, mes nouvelles lunettes sont-elles couvertes ? Merci.');
    await hub.locator('input[type="file"]').setInputFiles({ name: 'ordonnance.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(hub.getByText('ordonnance.png')).toBeVisible();
    await expectNoA11yViolations(page, { label: 'new message form' });
    await hub.getByRole('button', { name: 'Envoyer' }).click();
    await expect(hub.getByTestId('message-sent')).toContainText('Message envoyé');
    await hub.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/requests');
    await page.getByRole('button', { name: object, exact: true }).click();
    const panel = page.getByRole('dialog', { name: object });
    await expect(panel.getByText('Envoyé', { exact: true })).toBeVisible();
    await expect(panel.getByTestId('thread-message')).toContainText('mes nouvelles lunettes');
    await expect(panel.getByRole('button', { name: /ordonnance\.png/ })).toBeVisible();
  });

  test('keyboard only: a request opens with Enter, Escape closes it and the focus comes back', async ({ page }) => {
    await page.goto('/requests');
    const opener = page.getByRole('button', { name: WITH_STEP_DOCUMENT, exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: WITH_STEP_DOCUMENT });
    await expect(panel).toBeVisible();
    // Focus is trapped in the panel: Tab reaches its controls, never the page behind.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('axe-core finds no violation on the requests page', async ({ page }) => {
    await page.goto('/requests');
    await expect(page.getByTestId('request-item').first()).toBeVisible();
    await expectNoA11yViolations(page, { label: 'requests page' });
    await page.getByRole('button', { name: 'Écrire un message' }).click();
    await expect(page.getByRole('dialog', { name: 'Écrire un message' })).toBeVisible();
    await expectNoA11yViolations(page, { label: 'write a message dialog' });
  });
});
