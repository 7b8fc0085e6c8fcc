import { expect, type Page } from '@playwright/test';
import type { MailReader } from './mail-reader';
import type { TenantKey } from './server-instance';

/** The demo password of every seeded account (apps/server/src/modules/auth/seed.ts, README). */
export const DEMO_PASSWORD = 'Mutua-Demo-2026!';

/** Seeded accounts that sign in straight to the home page (one e-mail address, nothing to validate). */
export const DEMO_ACCOUNTS = {
  camille: { tenant: 'mutua', login: '12345678', email: 'camille.durand@example.com' },
  lea: { tenant: 'azur', login: '78901234', email: 'lea.moreau@example.com' },
} as const satisfies Record<string, { tenant: TenantKey; login: string; email: string }>;

export type DemoAccount = { tenant: TenantKey; login: string; email: string; password?: string };

/**
 * Signs in through the real screens, as a member does: identifier and password on /login, then the
 * 6-digit code read from the mail the SMTP receiver got. Resolves once the browser has left the login
 * group (home, or the validation step the account needs).
 */
export async function signIn(
  page: Page,
  opts: { url: (tenant: TenantKey, pathname: string) => string; mail: MailReader; account: DemoAccount },
): Promise<void> {
  const { account, mail } = opts;
  const after = await mail.mark();
  await page.goto(opts.url(account.tenant, '/login'));
  await page.getByRole('textbox', { name: 'Identifiant' }).fill(account.login);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(account.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  // By subject: a notice queued just before (a changed password…) may arrive after `after` too.
  const code = await mail.waitForCode({ to: account.email, after, subject: /Votre code de vérification en deux étapes/ });
  await page.getByRole('textbox', { name: /Code reçu par e-mail/ }).fill(code);
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page).not.toHaveURL(/\/login(\/|$)/, { timeout: 15_000 });
  // Signed in once the page it lands on is shown (its title heading), not while it still loads: what a
  // test checks next — a scan, a click — is on that page.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
}
