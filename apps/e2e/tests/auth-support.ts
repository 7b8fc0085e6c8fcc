/**
 * Helpers of the auth-*.spec.ts files (sign-in, code step, account flows). Each auth spec
 * runs on a server instance of its own (startIsolatedServer): the flows change account state (codes,
 * blocks, passwords, new accounts) and mail codes to demo addresses other specs may use, so the mails
 * of an instance are told apart by its port (every mail links to the instance's own origin).
 */
import { expect, type Page } from '@playwright/test';
import { extractCode, type ReceivedMail } from '../fixtures';
import type { MailReader } from '../support/mail-reader';

export const DEMO_PASSWORD = 'Mutua-Demo-2026!';

/** The demo accounts of apps/server/src/db/seed (README). */
export const DEMO = {
  camille: { login: 'camille.durand@example.com', number: '12345678', email: 'camille.durand@example.com', nir: '286047505612347' },
  julien: { login: 'julien.martin@example.com', number: '23456789', emails: ['julien.martin@example.com', 'j.martin.pro@example.org'] },
  sophie: { login: 'sophie.bernard@example.com', number: '34567890', email: 'sophie.bernard@example.com' },
  lucas: { login: '45678901', number: '45678901' },
  emma: { login: 'emma.roux@example.com', number: '56789012', email: 'emma.roux@example.com' },
  hugo: { login: 'hugo.leroy@example.com', number: '67890123' },
  lea: { login: 'lea.moreau@example.com', number: '78901234', email: 'lea.moreau@example.com' },
  /** A member with no account yet: the create-account journey. */
  ines: { number: '89012345', surName: 'Dupont', birthDate: '1991-10-03', email: 'ines.dupont@example.com' },
} as const;

/** Mails to `to` sent by the instance listening on `port`, oldest first. */
export async function mailsFrom(mail: MailReader, port: number, to: string, after = 0): Promise<ReceivedMail[]> {
  const origin = new RegExp(`//[a-z.]*localhost:${port}/`);
  return (await mail.list({ to, after })).filter((m) => origin.test(m.html) || origin.test(m.text));
}

/** Waits for the next mail to `to` from the instance on `port` (after the mark `after`). */
export async function waitForMailFrom(mail: MailReader, port: number, to: string, after: number, subject?: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsFrom(mail, port, to, after)).find((m) => !subject || subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${to} from the server on port ${port}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The one-time code of the next code mail to `to` from the instance on `port`. */
export async function waitForCode(mail: MailReader, port: number, to: string, after: number): Promise<string> {
  const received = await waitForMailFrom(mail, port, to, after, /code/i);
  const code = extractCode(received);
  if (!code) throw new Error(`No code in «${received.subject}»`);
  return code;
}

/** The first link of a mail that goes to `pathPrefix` (e.g. /login/forgot-password/). */
export function linkIn(received: ReceivedMail, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]+${pathPrefix.replace(/\//g, '\\/')}[^\\s"'<>]*`).exec(received.text || received.html);
  if (!match) throw new Error(`No link to ${pathPrefix} in «${received.subject}»:\n${received.text}`);
  return match[0];
}

export const identifierField = (page: Page) => page.getByRole('textbox', { name: /^Identifiant/ });
export const passwordField = (page: Page, name: RegExp = /^Mot de passe/) => page.getByLabel(name).and(page.locator('input'));

/** Fills and submits the login form (the page is on /login). */
export async function submitLogin(page: Page, login: string, password: string = DEMO_PASSWORD): Promise<void> {
  await identifierField(page).fill(login);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Enters the code on the mfa screen and validates. */
export async function submitCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: /^Code reçu par e-mail/ }).fill(code);
  await page.getByRole('button', { name: 'Valider', exact: true }).click();
}

/**
 * The whole sign-in: login form, then the code read from the SMTP receiver. Returns once the code
 * was accepted (the portal left the login group).
 */
export async function signIn(
  page: Page,
  opts: {
    origin: string;
    mail: MailReader;
    port: number;
    login: string;
    email: string;
    password?: string;
    /** Masked address to pick on the e-mail list. */ choose?: string;
  },
): Promise<void> {
  await page.goto(`${opts.origin}/login`);
  const mark = await opts.mail.mark();
  await submitLogin(page, opts.login, opts.password);
  if (opts.choose) {
    await expect(page).toHaveURL(/\/login\/mfa-email-list$/);
    await page.getByRole('radio', { name: opts.choose }).check();
    await page.getByRole('button', { name: 'Recevoir mon code' }).click();
  }
  await expect(page).toHaveURL(/\/login\/mfa$/);
  await submitCode(page, await waitForCode(opts.mail, opts.port, opts.email, mark));
  await expect(page).not.toHaveURL(/\/login/);
}
