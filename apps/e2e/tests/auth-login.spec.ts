import { expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';
import { DEMO, identifierField, passwordField, signIn, submitCode, submitLogin, waitForCode } from './auth-support';

// The login group against the real server and a real SMTP receiver.
// A server instance of this file's own: sign-ins mail codes to demo addresses other specs use too.

const instance = isolatedServer({ database: 'embedded', name: 'auth-login' });

const origin = (tenant: 'mutua' | 'azur' = 'mutua') => instance.tenantUrl(tenant, '/').replace(/\/$/, '');

test('full login: password, then the code read from the SMTP receiver; the countdown in minutes and seconds', async ({ page, mail }) => {
  await page.goto(`${origin()}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page).toHaveTitle('Mutua Santé - Connexion');
  await expectNoA11yViolations(page, { label: 'login form' });

  const mark = await mail.mark();
  await submitLogin(page, DEMO.camille.login);
  await expect(page).toHaveURL(/\/login\/mfa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vérification en deux étapes' })).toBeVisible();
  await expect(page.getByText('c***d@example.com')).toBeVisible();
  await expect(page.getByText(/Vérification en deux étapes\u00a0: un code vient de vous être envoyé/)).toBeVisible();
  await expect(page.getByTestId('code-countdown')).toHaveText(/Ce code expire dans (10 min 00|9 min [0-5]\d) s\./);
  await expect(page.getByTestId('resend-countdown')).toHaveText(/dans (2 min 00|1 min [0-5]\d) s\./);
  await expect(page.getByRole('button', { name: 'Recevoir un nouveau code' })).toBeDisabled();
  await expectNoA11yViolations(page, { label: 'code step' });

  const code = await waitForCode(mail, instance.server.port, DEMO.camille.email, mark);
  await submitCode(page, code);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'vauth')?.value).toBe('true');
  expect(cookies.find((c) => c.name === 'mutua_sid')?.httpOnly).toBe(true);
});

test('two e-mail addresses: the list shows them masked; the code goes to the one chosen', async ({ page, mail }) => {
  await page.goto(`${origin()}/login`);
  const mark = await mail.mark();
  await submitLogin(page, DEMO.julien.number);
  await expect(page).toHaveURL(/\/login\/mfa-email-list$/);
  const choices = page.getByRole('radio');
  await expect(choices).toHaveCount(2);
  await expect(page.getByRole('radio', { name: 'j***n@example.com' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'j***o@example.org' })).toBeVisible();
  await expect(page.getByText('julien.martin@example.com')).toHaveCount(0);
  await expectNoA11yViolations(page, { label: 'e-mail list' });

  // Nothing chosen: the error is tied to the group.
  await page.getByRole('button', { name: 'Recevoir mon code' }).click();
  await expect(page.getByText('Choisissez une adresse e-mail.')).toBeVisible();

  await page.getByRole('radio', { name: 'j***o@example.org' }).check();
  await page.getByRole('button', { name: 'Recevoir mon code' }).click();
  await expect(page).toHaveURL(/\/login\/mfa$/);
  await expect(page.getByText('j***o@example.org')).toBeVisible();
  const code = await waitForCode(mail, instance.server.port, DEMO.julien.emails[1], mark);
  expect(await mailsFromCount(mail, DEMO.julien.emails[0], mark)).toBe(0);
  await submitCode(page, code);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Julien' })).toBeVisible();

  async function mailsFromCount(m: typeof mail, to: string, after: number) {
    return (await m.list({ to, after })).length;
  }
});

test('login messages of section 8, in French, each from its error code', async ({ page }) => {
  await page.goto(`${origin()}/login`);

  // Client-side checks first (contracts rules): an identifier of the wrong shape.
  await identifierField(page).fill('1234');
  await passwordField(page).fill('x');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Saisissez votre adresse e-mail ou votre numéro d’adhérent (8 chiffres).')).toBeVisible();
  await expect(identifierField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(identifierField(page)).toBeFocused();
  await expectNoA11yViolations(page, { label: 'field errors' });

  await submitLogin(page, DEMO.camille.number, 'Pas-le-bon-mot-2026');
  await expect(page.getByRole('alert')).toContainText('Identifiant ou mot de passe incorrect.');

  await submitLogin(page, DEMO.hugo.login);
  await expect(page.getByRole('alert')).toContainText(
    'Votre compte a été bloqué suite à un trop grand nombre d’erreurs. Veuillez réessayer dans quelques heures.',
  );

  await submitLogin(page, DEMO.emma.login);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Votre compte n’est pas encore activé. Veuillez l’activer pour vous connecter.');
  await expectNoA11yViolations(page, { label: 'server error' });
  await alert.getByRole('link', { name: 'Activer mon compte' }).click();
  await expect(page).toHaveURL(/\/login\/activate-account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activer mon compte' })).toBeVisible();
});

test('logout on Mutua returns to the login page, with no « session expirée » and no signed-in call; the old cookie no longer opens anything', async ({
  page,
  mail,
}) => {
  await signIn(page, { origin: origin(), mail, port: instance.server.port, login: DEMO.camille.number, email: DEMO.camille.email });
  // A page whose screens read the global details, as a member would sign out from it.
  await page.getByRole('link', { name: 'Mes demandes' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();
  const sid = (await page.context().cookies()).find((c) => c.name === 'mutua_sid')!;
  const afterLogout: string[] = [];
  let loggedOut = false;
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/auth/logout') loggedOut = true;
    // Heartbeat, init, the cookie choice (the login page asks it) and brand assets are public; anything else would be a signed-in call.
    else if (loggedOut && path.startsWith('/api/') && !['/api/heartbeat', '/api/init', '/api/consent'].includes(path) && !path.startsWith('/api/brand/'))
      afterLogout.push(path);
  });
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'vauth')).toBeUndefined();
  // Long enough for a late query to have gone out and its notice to have shown.
  await page.waitForTimeout(1_000);
  await expect(page.getByText(/session a expiré/)).toHaveCount(0);
  expect(afterLogout).toEqual([]);

  // The session ended server-side: the old cookie is refused.
  await page.context().addCookies([sid]);
  const status = await page.evaluate(async () => (await fetch('/api/all-info')).status);
  expect(status).toBe(401);
});

test('logout on Azur follows the tenant\u2019s logout redirect URL, a page that exists', async ({ page, mail }) => {
  await signIn(page, { origin: origin('azur'), mail, port: instance.server.port, login: DEMO.lea.login, email: DEMO.lea.email });
  await expect(page).toHaveTitle(/^Azur Prévoyance - /);
  // The tenant's own setting, as the server gives it: the test follows whatever it is set to.
  const goodbye = (await instance.tenantApi('azur', '/api/init')).json<{ data: { data: { logoutRedirectUrl: string } } }>().data.data.logoutRedirectUrl;
  expect(goodbye).toBeTruthy();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(new URL(goodbye, origin('azur')).href);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page.getByText(/session a expiré/)).toHaveCount(0);
  await expectNoA11yViolations(page, { label: 'Azur after logout' });
});

test('an expired session returns to login', async ({ page, mail }) => {
  await signIn(page, { origin: origin(), mail, port: instance.server.port, login: DEMO.camille.number, email: DEMO.camille.email });
  await expect(page).toHaveURL(/\/home$/);

  // The server no longer knows the session (as after the idle or absolute timeout): a reload returns to login.
  const cookies = await page.context().cookies();
  const sid = cookies.find((c) => c.name === 'mutua_sid')!;
  await page.context().addCookies([{ ...sid, value: 'expired-or-unknown-session' }]);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'vauth')).toBeUndefined();
});

test('an expired session met while using the portal (no reload) returns to login', async ({ page, mail }) => {
  // Home's own background call must not be the one that meets the ended session (it would leave for
  // the login while the test clicks): wait for it first.
  const homeTimeline = page.waitForResponse((r) => r.url().includes('actionKey=timeline_recent'));
  await signIn(page, { origin: origin(), mail, port: instance.server.port, login: DEMO.camille.number, email: DEMO.camille.email });
  await expect(page).toHaveURL(/\/home$/);
  await homeTimeline;
  await page.context().clearCookies({ name: 'mutua_sid' });
  // In-app navigation: the next call answers UNAUTHENTICATED.
  await page.getByRole('link', { name: 'Mes demandes' }).first().click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.getByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeVisible();
});

test("member A's cookie never shows member B's data", async ({ browser, mail }) => {
  const a = await browser.newContext();
  const b = await browser.newContext();
  try {
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    await signIn(pageA, { origin: origin(), mail, port: instance.server.port, login: DEMO.camille.number, email: DEMO.camille.email });
    // Julien has two addresses: he chooses where his code goes.
    const julien = {
      origin: origin(),
      mail,
      port: instance.server.port,
      login: DEMO.julien.number,
      email: DEMO.julien.emails[0],
      choose: 'j***n@example.com',
    };
    await signIn(pageB, julien);
    const profileOf = (p: typeof pageA) =>
      p.evaluate(async () => (await (await fetch('/api/all-info')).json()) as { data: { profile: { membershipNumber: string } } });
    expect((await profileOf(pageA)).data.profile.membershipNumber).toBe(DEMO.camille.number);
    expect((await profileOf(pageB)).data.profile.membershipNumber).toBe(DEMO.julien.number);
    await expect(pageA.locator('body')).not.toContainText(/Julien|MARTIN/i);
    await expect(pageB.locator('body')).not.toContainText(/Camille|DURAND/i);

    // On one device, A signs out and B signs in: nothing of A stays in the portal's cache.
    await pageA.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(pageA).toHaveURL(/\/login$/);
    await signIn(pageA, julien);
    await expect(pageA.locator('body')).not.toContainText(/Camille|DURAND/i);
    expect((await profileOf(pageA)).data.profile.membershipNumber).toBe(DEMO.julien.number);
  } finally {
    await a.close();
    await b.close();
  }
});

test('keyboard only, 360 px wide: login form, code step, home', async ({ page, mail }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${origin()}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const tabTo = async (target: import('@playwright/test').Locator) => {
    for (let i = 0; i < 20 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
  };
  const mark = await mail.mark();
  await tabTo(identifierField(page));
  await page.keyboard.type(DEMO.camille.number);
  await page.keyboard.press('Tab');
  await expect(passwordField(page)).toBeFocused();
  await page.keyboard.type('Mutua-Demo-2026!');
  // The show/hide button is next, and works with the keyboard.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Afficher le mot de passe' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(passwordField(page)).toHaveAttribute('type', 'text');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/login\/mfa$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const code = await waitForCode(mail, instance.server.port, DEMO.camille.email, mark);
  const codeField = page.getByRole('textbox', { name: /^Code reçu par e-mail/ });
  await tabTo(codeField);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  // Signed in, the focus is on the home page's heading: the next Tab starts from the page's top.
  await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The logo stays legible beside the menu (the logout button moved into it).
  const logo = page.getByRole('banner').getByRole('img', { name: /Mutua Santé/ });
  expect((await logo.boundingBox())!.height).toBeGreaterThanOrEqual(36);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
});
