import { expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';
import { DEMO, identifierField, linkIn, passwordField, signIn, submitCode, submitLogin, waitForCode, waitForMailFrom } from './auth-support';

// Account creation, activation and recovery from the e-mailed links
// to the first login, and the gates after login. They change accounts (passwords, new accounts,
// accepted pages), so they run on a server instance of this file's own.

const instance = isolatedServer({ database: 'embedded', name: 'auth-account' });

const url = (pathname: string) => instance.tenantUrl('mutua', pathname);
const NEW_PASSWORD = 'Nouveau-Secret-2026!';

test('forgot password: from the e-mailed link to a new password, then a login with it', async ({ page, mail }) => {
  await page.goto(url('/login'));
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'forgot password' });

  const mark = await mail.mark();
  await identifierField(page).fill(DEMO.camille.login);
  await page.getByRole('textbox', { name: /^Numéro de sécurité sociale/ }).fill(DEMO.camille.nir);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Demande envoyée' })).toContainText('valable 60 minutes');

  const link = linkIn(await waitForMailFrom(mail, instance.server.port, DEMO.camille.email, mark, /Réinitialisation/), '/login/forgot-password/');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer mon mot de passe' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'new password' });

  // The rule of contracts, checked before sending.
  await passwordField(page, /^Nouveau mot de passe/).fill('court');
  await passwordField(page, /^Confirmation/).fill('court');
  await page.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await expect(page.getByText('Au moins 12 caractères').first()).toBeVisible();
  await passwordField(page, /^Nouveau mot de passe/).fill(NEW_PASSWORD);
  await passwordField(page, /^Confirmation/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mot de passe modifié' })).toBeVisible();

  // Single use: the link is spent.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('Ce lien a expiré. Veuillez faire une nouvelle demande.');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Faire une nouvelle demande' })).toHaveAttribute('href', '/login/forgot-password');
  await expectNoA11yViolations(page, { label: 'link expired' });

  await page.goto(url('/login'));
  await submitLogin(page, DEMO.camille.login, 'Mutua-Demo-2026!');
  await expect(page.getByRole('alert')).toContainText('Identifiant ou mot de passe incorrect.');
  await signIn(page, {
    origin: url('').replace(/\/$/, ''),
    mail,
    port: instance.server.port,
    login: DEMO.camille.login,
    email: DEMO.camille.email,
    password: NEW_PASSWORD,
  });
  await expect(page).toHaveURL(/\/home$/);
});

test('create account: identity, validation step, e-mailed link, login choice and password, then the first login through the gates', async ({ page, mail }) => {
  await page.goto(url('/login'));
  await page.getByRole('link', { name: 'Créer ou activer mon compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Première connexion' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'first connection' });
  await page.getByRole('link', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Créer mon compte' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'create account' });

  const number = page.getByRole('textbox', { name: /^Numéro d’adhérent/ });
  await number.fill(DEMO.ines.number);
  await page.getByRole('textbox', { name: /^Nom/ }).fill('Durand');
  await page.getByLabel(/^Date de naissance/).fill(DEMO.ines.birthDate);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('alert')).toContainText('Le nom saisi ne correspond pas à nos informations.');

  await page.getByRole('textbox', { name: /^Nom/ }).fill(DEMO.ines.surName);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText('Un lien pour créer votre compte va être envoyé à')).toContainText('i***t@example.com');
  await expectNoA11yViolations(page, { label: 'create account: validation step' });
  const mark = await mail.mark();
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail envoyé' })).toContainText('valable 24 heures');

  const link = linkIn(await waitForMailFrom(mail, instance.server.port, DEMO.ines.email, mark, /Créez votre espace/), '/login/create-account-final-step/');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Finaliser la création de mon compte' })).toBeVisible();
  await expect(page.getByRole('radio', { name: `Mon numéro d’adhérent : ${DEMO.ines.number}` })).toBeVisible();
  await expect(page.getByRole('radio', { name: `Mon adresse e-mail : ${DEMO.ines.email}` })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'create account: final step' });

  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Choisissez votre identifiant de connexion.')).toBeVisible();
  await page.getByRole('radio', { name: /^Mon numéro d’adhérent/ }).check();
  await passwordField(page, /^Nouveau mot de passe/).fill(NEW_PASSWORD);
  await passwordField(page, /^Confirmation/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Votre compte est créé' })).toContainText(DEMO.ines.number);

  // First login: the identifier is typed already.
  await page.getByRole('link', { name: 'Me connecter' }).click();
  await expect(identifierField(page)).toHaveValue(DEMO.ines.number);
  const codeMark = await mail.mark();
  await passwordField(page).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await submitCode(page, await waitForCode(mail, instance.server.port, DEMO.ines.email, codeMark));

  // Gate: the legal pages, each read to the end, then the tutorial of the first connection.
  await expect(page).toHaveURL(/\/validate-legal-pages$/);
  const dialog = page.getByRole('dialog', { name: 'Acceptation des mentions légales' });
  await acceptLegalPages(dialog);
  await expect(page).toHaveURL(/\/home$/);
  const tutorial = page.getByRole('dialog', { name: 'Découvrir votre espace' });
  await expect(tutorial).toBeVisible();
  await expectNoA11yViolations(page, { label: 'tutorial' });
  for (let step = 0; step < 3; step++) await tutorial.getByRole('button', { name: 'Suivant' }).click();
  await tutorial.getByRole('button', { name: 'Terminer' }).click();
  await expect(tutorial).toBeHidden();

  // Finished: neither gate nor tutorial the next time.
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('activate account: not activated at login, activation with the affiliation identifiers, code, tutorial', async ({ page, mail }) => {
  await page.goto(url('/login'));
  await submitLogin(page, DEMO.emma.login);
  await page.getByRole('alert').getByRole('link', { name: 'Activer mon compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activer mon compte' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'activate account' });
  const mark = await mail.mark();
  await identifierField(page).fill(DEMO.emma.login);
  await passwordField(page).fill('Mutua-Demo-2026!');
  await page.getByRole('button', { name: 'Activer mon compte' }).click();
  await expect(page).toHaveURL(/\/login\/mfa$/);
  await submitCode(page, await waitForCode(mail, instance.server.port, DEMO.emma.email, mark));
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('dialog', { name: 'Découvrir votre espace' })).toBeVisible();
  await page.getByRole('button', { name: 'Passer', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Activated: a second activation says so.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  // The login page is a document of its own: landed there before the next address is typed.
  await expect(page.getByRole('form', { name: 'Connexion' })).toBeVisible();
  await page.goto(url('/login/activate-account'));
  await identifierField(page).fill(DEMO.emma.login);
  await passwordField(page).fill('Mutua-Demo-2026!');
  await page.getByRole('button', { name: 'Activer mon compte' }).click();
  await expect(page.getByRole('alert')).toContainText('Votre compte a déjà été créé. Veuillez vous connecter.');
});

test('forgot login: the identifiers arrive by e-mail', async ({ page, mail }) => {
  await page.goto(url('/login/forgot-login'));
  await expect(page.getByRole('heading', { level: 1, name: 'Identifiant oublié' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'forgot login' });
  const mark = await mail.mark();
  await page.getByRole('textbox', { name: /^Adresse e-mail/ }).fill(DEMO.sophie.email);
  await page.getByRole('button', { name: 'Recevoir mon identifiant' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Demande envoyée' })).toBeVisible();
  const received = await waitForMailFrom(mail, instance.server.port, DEMO.sophie.email, mark, /identifiant/);
  expect(received.text).toContain(DEMO.sophie.number);

  // The same request again within minutes: the mail was already sent.
  await page.goto(url('/login/forgot-login'));
  await page.getByRole('textbox', { name: /^Adresse e-mail/ }).fill(DEMO.sophie.email);
  await page.getByRole('button', { name: 'Recevoir mon identifiant' }).click();
  await expect(page.getByRole('alert')).toContainText('Un mail vous a déjà été envoyé. Veuillez vérifier votre messagerie.');
});

test('gate: missing personal information opens the validation dialog until completed', async ({ page, mail }) => {
  await signIn(page, { origin: url('').replace(/\/$/, ''), mail, port: instance.server.port, login: DEMO.sophie.login, email: DEMO.sophie.email });
  await expect(page).toHaveURL(/\/validate-info$/);
  const dialog = page.getByRole('dialog', { name: 'Validation de mes informations' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, { label: 'validate-info' });

  // Elsewhere is not reachable until completed.
  await page.goto(url('/requests'));
  await expect(page).toHaveURL(/\/validate-info$/);

  await dialog.getByRole('button', { name: 'Valider mes informations' }).click();
  await expect(
    dialog
      .getByText(/^Le champ «.*» est obligatoire\.$/)
      .or(dialog.getByText('Numéro de mobile invalide.'))
      .first(),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Téléphone mobile/ }).fill('06 11 22 33 44');
  await dialog.getByRole('textbox', { name: /^Ville/ }).fill('Bordeaux');
  await dialog.getByRole('button', { name: 'Valider mes informations' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Sophie' })).toBeVisible();
});

test('gate: legal pages, Next and Validate enabled only once each text is scrolled to the bottom (360 px wide)', async ({ page, mail }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signIn(page, { origin: url('').replace(/\/$/, ''), mail, port: instance.server.port, login: DEMO.lucas.login, email: 'lucas.petit@example.com' });
  await expect(page).toHaveURL(/\/validate-legal-pages$/);
  const dialog = page.getByRole('dialog', { name: 'Acceptation des mentions légales' });
  await expect(dialog.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  await expectNoA11yViolations(page, { label: 'legal pages, unread' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await acceptLegalPages(dialog);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Lucas' })).toBeVisible();
});

/** Reads each page to its end with the keyboard (focus the text, End), then Next / Validate. */
async function acceptLegalPages(dialog: import('@playwright/test').Locator) {
  await expect(dialog).toBeVisible();
  for (;;) {
    const region = dialog.getByTestId('scroll-to-end');
    await region.focus();
    await region.press('End');
    await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const next = dialog.getByRole('button', { name: 'Suivant' });
    const validate = dialog.getByRole('button', { name: 'Valider' });
    await expect(next.or(validate)).toBeEnabled();
    if (await validate.isVisible()) {
      await validate.click();
      return;
    }
    await next.click();
  }
}

test('every login screen passes axe, invalid links included', async ({ page }) => {
  // Many pages (or a whole mandate by keyboard) in one journey: above the default minute on a busy CI machine.
  test.slow();
  for (const [pathname, heading] of [
    ['/login', 'Connexion'],
    ['/login/first-connection', 'Première connexion'],
    ['/login/create-account', 'Créer mon compte'],
    ['/login/activate-account', 'Activer mon compte'],
    ['/login/forgot-login', 'Identifiant oublié'],
    ['/login/forgot-password', 'Mot de passe oublié'],
    ['/login/forgot-password/0123456789abcdef0123456789', 'Nouveau mot de passe'],
    ['/login/create-account-final-step/0123456789abcdef0123456789', 'Finaliser la création de mon compte'],
  ] as const) {
    await page.goto(url(pathname));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    if (pathname.split('/').length > 3) await expect(page.getByRole('alert')).toBeVisible();
    await expectNoA11yViolations(page, { label: pathname });
  }
  // The development outbox on /debug (empty here: the server sends through SMTP).
  await page.goto(url('/debug'));
  await expect(page.getByRole('heading', { level: 2, name: 'Boîte d’envoi de développement' })).toBeVisible();
  await expect(page.getByTestId('debug-outbox-empty')).toBeVisible();
  await expectNoA11yViolations(page, { label: '/debug outbox' });

  // Without a code step in progress, the code screens go back to the login form.
  await page.goto(url('/login/mfa'));
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(url('/login/mfa-email-list'));
  await expect(page).toHaveURL(/\/login$/);
});
