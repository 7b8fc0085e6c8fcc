/**
 * A demo staff member signed in to the back office of an isolated instance, through its screens
 * (password, then the authenticator's code read from the development endpoint the /debug page uses).
 * backoffice.spec.ts has the same steps inline (with its own a11y checks of the sign-in pages).
 */
import type { Browser, Page } from '@playwright/test';
import { expect, type IsolatedServer } from '../fixtures';

const STAFF_PASSWORD = 'Gestion-Demo-2026!';

export function staffSupport(instance: IsolatedServer) {
  const staffUrl = (pathname: string) => `http://gestion.localhost:${instance.server.port}${pathname}`;
  /** A TOTP code works once (replay refused): each sign-in waits for a code this file has not used. */
  const usedCodes = new Map<string, string>();
  async function totpOf(email: string): Promise<string> {
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${instance.server.port}/api/debug/staff-codes`);
      const code = ((await res.json()).data as { email: string; code: string | null }[]).find((c) => c.email === email)!.code!;
      if (usedCodes.get(email) !== code) {
        usedCodes.set(email, code);
        return code;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  async function staffSignIn(browser: Browser, email: string): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(staffUrl('/'));
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
    await page.getByLabel('Mot de passe').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('textbox', { name: /Code à 6 chiffres/ }).fill(await totpOf(email));
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('heading', { name: 'Demandes des adhérents' })).toBeVisible();
    return page;
  }
  return { staffUrl, staffSignIn };
}
