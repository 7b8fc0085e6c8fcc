import pg from 'pg';
import { expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';
import { DEMO, submitCode, submitLogin, waitForCode } from './auth-support';

// The code step against the real server and SMTP receiver — a resend
// replaces the code; five wrong codes block the code step. A server instance of this file's own
// (on PostgreSQL or PGlite over TCP), whose Mutua tenant allows a resend after RESEND_SECONDS
// instead of 120, so the test needs not wait two minutes.

const RESEND_SECONDS = 4;
const instance = isolatedServer({
  database: 'server',
  name: 'auth-mfa',
  prepare: async (started) => {
    const client = new pg.Client({ connectionString: started.database!.url });
    await client.connect();
    try {
      await client.query(`UPDATE tenants SET settings = jsonb_set(settings, '{mfaResendTimeoutSeconds}', $1::jsonb) WHERE id = 'mutua'`, [
        String(RESEND_SECONDS),
      ]);
    } finally {
      await client.end();
    }
    // Tenants are cached for one second.
    await new Promise((r) => setTimeout(r, 1_100));
  },
});

const loginUrl = () => instance.tenantUrl('mutua', '/login');

test('a resend replaces the code: the old one is refused, the new one opens the session', async ({ page, mail }) => {
  await page.goto(loginUrl());
  const first = await mail.mark();
  await submitLogin(page, DEMO.camille.number);
  await expect(page).toHaveURL(/\/login\/mfa$/);
  const oldCode = await waitForCode(mail, instance.server.port, DEMO.camille.email, first);

  const resend = page.getByRole('button', { name: 'Recevoir un nouveau code' });
  await expect(resend).toBeDisabled();
  await expect(page.getByTestId('resend-countdown')).toHaveText(/Vous pourrez demander un nouveau code dans 0 min 0\d s\./);
  await expect(resend).toBeEnabled({ timeout: (RESEND_SECONDS + 3) * 1000 });
  const second = await mail.mark();
  await resend.click();
  await expect(page.getByTestId('code-resent')).toContainText('Un nouveau code a été envoyé à c***d@example.com');
  await expect(resend).toBeDisabled();
  const newCode = await waitForCode(mail, instance.server.port, DEMO.camille.email, second);
  expect(newCode).not.toBe(oldCode);
  await expectNoA11yViolations(page, { label: 'code resent' });

  await submitCode(page, oldCode);
  await expect(page.getByRole('alert')).toContainText('Code erroné');
  await submitCode(page, newCode);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
});

test('five wrong codes block the code step for two hours, even with the right password', async ({ page, mail }) => {
  await page.goto(loginUrl());
  const mark = await mail.mark();
  await submitLogin(page, DEMO.lucas.login);
  await expect(page).toHaveURL(/\/login\/mfa$/);
  const code = await waitForCode(mail, instance.server.port, 'lucas.petit@example.com', mark);
  const wrong = code === '000000' ? '111111' : '000000';

  for (let attempt = 1; attempt <= 4; attempt++) {
    await submitCode(page, wrong);
    await expect(page.getByRole('alert')).toContainText('Code erroné');
  }
  await submitCode(page, wrong);
  await expect(page.getByRole('alert')).toContainText('Suite à plusieurs codes erronés, votre compte est bloqué pendant 2 heures.');
  await expect(page.getByRole('textbox', { name: /^Code reçu par e-mail/ })).toBeDisabled();
  await expectNoA11yViolations(page, { label: 'code step blocked' });

  // The right code no longer helps, nor does signing in again.
  await page.getByRole('alert').getByRole('link', { name: 'Retour à la connexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, DEMO.lucas.login);
  await expect(page.getByRole('alert')).toContainText('Suite à plusieurs codes erronés, votre compte est bloqué pendant 2 heures.');
});
