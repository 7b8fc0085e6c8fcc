import { apiFromPage, expect, expectNoA11yViolations, test } from './member-session';

// Services and cookie consent: find the nearest partner optician; accept then
// withdraw cookie consent.

test('signed in: the care networks, then the nearest partner optician from Lyon', async ({ page }) => {
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes services' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Mes services' })).toBeVisible();
  const networks = page.getByRole('region', { name: 'Mes réseaux de soins' });
  await expect(networks.getByRole('heading', { name: 'Réseau Vision Partenaires' })).toBeVisible();
  await expect(networks.getByRole('listitem')).toHaveCount(5);
  await expectNoA11yViolations(page, { label: 'services' });

  // Nothing chosen: the spec's messages, on the fields, focus on the first.
  const form = page.getByRole('search', { name: 'Trouver un professionnel partenaire' });
  await form.getByRole('button', { name: 'Rechercher' }).click();
  await expect(form.getByText('Veuillez choisir une spécialité.')).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Spécialité' })).toBeFocused();

  await form.getByRole('combobox', { name: 'Spécialité' }).selectOption({ label: 'Opticien' });
  await form.getByRole('textbox', { name: 'Ville ou code postal' }).fill('Lyon');
  await form.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/\/services\?specialty=opticien&place=Lyon$/);
  const results = page.getByRole('region', { name: /partenaires les plus proches de Lyon \(69001\)/ });
  await expect(results.getByRole('heading', { level: 2 })).toHaveText('Les 20 partenaires les plus proches de Lyon (69001)');
  const first = results.getByTestId('care-provider').first();
  await expect(first.getByRole('heading', { name: 'Optique des Terreaux' })).toBeVisible();
  await expect(first).toContainText('2 place des Terreaux, 69001 Lyon');
  await expect(first).toContainText('Opticien · Réseau Vision Partenaires');
  await expect(first).toContainText(/^Optique des Terreaux\d+\u00a0m/);
  await expect(results.getByTestId('care-provider')).toHaveCount(20);
  await expectNoA11yViolations(page, { label: 'services, opticians near Lyon' });
});

test('signed in: the search lives in the URL, a postal code works, an unknown place is said so; at 360 px it fits', async ({ page }) => {
  // A reload keeps the search (it lives in the URL); a postal code works too.
  await page.goto('/services?specialty=dentiste&place=69007');
  await expect(page.getByRole('heading', { level: 2, name: /de Lyon \(69007\)$/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Spécialité' })).toHaveValue('dentiste');

  // A place we do not know: said so, with what to do.
  await page.goto('/services?specialty=opticien&place=Xyzville');
  await expect(page.getByRole('heading', { level: 2, name: 'Aucune commune trouvée pour «\u00a0Xyzville\u00a0»' })).toBeVisible();
  await expect(page.getByText('Vérifiez l’orthographe de la ville ou saisissez son code postal à 5\u00a0chiffres.')).toBeVisible();
  await expectNoA11yViolations(page, { label: 'services, unknown place' });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/services?specialty=opticien&place=Lyon');
  await expect(page.getByTestId('care-provider').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('cookie consent: asked on arrival, accepted, then withdrawn from the footer; each choice stored', async ({ page }) => {
    await page.goto('/faq');
    const banner = page.getByRole('region', { name: 'Gestion des cookies' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Tout refuser' })).toBeVisible();
    await expectNoA11yViolations(page, { label: 'faq with the cookie banner' });
    // Over the bottom of the window, not above the page (arriving after the page, it would move what
    // the visitor reads); the page ends with room for it, so the footer can be read above it.
    const bar = (await banner.boundingBox())!;
    expect(Math.round(bar.y + bar.height)).toBe(page.viewportSize()!.height);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(bar.y + 1);

    // Personnaliser shows the purposes (necessary always on).
    await banner.getByRole('button', { name: 'Personnaliser' }).click();
    await expect(banner.getByRole('checkbox', { name: /Cookies nécessaires/ })).toBeDisabled();
    await expect(banner.getByRole('checkbox', { name: /Mesure d’audience/ })).not.toBeChecked();
    await expectNoA11yViolations(page, { label: 'cookie choices' });
    await banner.getByRole('checkbox', { name: /Mesure d’audience/ }).check();
    await banner.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await expect(banner).toHaveCount(0);
    expect((await apiFromPage<{ data: { choice: { analytics: boolean } | null } }>(page, '/api/consent')).data.choice?.analytics).toBe(true);

    // Remembered: not asked again on the next page.
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // Withdrawn from the footer.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Gestion des cookies' }).click();
    await expect(banner).toBeVisible();
    await expect(banner.getByTestId('cookie-current-choice')).toHaveText('Votre choix actuel\u00a0: mesure d’audience acceptée.');
    const audience = banner.getByRole('checkbox', { name: /Mesure d’audience/ });
    await expect(audience).toBeChecked();
    await expect(audience).toBeFocused();
    await audience.uncheck();
    await banner.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await expect(banner).toHaveCount(0);
    expect((await apiFromPage<{ data: { choice: { analytics: boolean } | null } }>(page, '/api/consent')).data.choice?.analytics).toBe(false);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('cookie consent on the login page (rendered by the server): asked on arrival, refused, then opened again from its footer', async ({ page }) => {
    await page.goto('/login');
    const banner = page.getByRole('region', { name: 'Gestion des cookies' });
    await expect(banner).toBeVisible();
    await expectNoA11yViolations(page, { label: 'login with the cookie banner' });
    // Over the bottom of the window, the page ending with room for it.
    const bar = (await banner.boundingBox())!;
    expect(Math.round(bar.y + bar.height)).toBe(page.viewportSize()!.height);
    await banner.getByRole('button', { name: 'Tout refuser' }).click();
    await expect(banner).toBeHidden();
    expect((await apiFromPage<{ data: { choice: { analytics: boolean } | null } }>(page, '/api/consent')).data.choice?.analytics).toBe(false);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Gestion des cookies' }).click();
    await expect(banner).toBeVisible();
    await expect(banner.getByTestId('cookie-current-choice')).toHaveText('Votre choix actuel\u00a0: mesure d’audience refusée.');
    await expect(banner.getByRole('checkbox', { name: /Mesure d’audience/ })).toBeFocused();
    await expectNoA11yViolations(page, { label: 'login, cookie choices' });
    await banner.getByRole('button', { name: 'Fermer' }).click();
    await expect(banner).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('signed in: home shows the insurer’s announcement, the alerts and the Noémie state of each beneficiary, from the database', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: /^Bonjour/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Actualités' })).toContainText('l’agence de Lyon sera fermée le 26 décembre');
  const alerts = page.getByRole('region', { name: 'Mes alertes' });
  await expect(alerts.getByTestId('home-alert')).toHaveCount(1);
  await expect(alerts).toContainText('Vos remboursements plus vite');
  const noemie = page.getByRole('region', { name: 'Télétransmission Noémie' });
  const states = noemie.getByTestId('noemie-state');
  await expect(states.nth(0)).toHaveText(/^Camille.*Active/i);
  await expect(states.nth(1)).toHaveText(/^Thomas.*Demande en cours/i);
  await expect(states.nth(2)).toHaveText(/^Léa.*Refusée par votre caisse/i);
  await expectNoA11yViolations(page, { label: 'home with alerts and Noémie states' });
  await alerts.getByRole('link', { name: 'En savoir plus sur Noémie' }).click();
  await expect(page).toHaveURL(/\/faq\/remboursements\/delais$/);

  // « Mes préférences » and « Mes bénéficiaires » tell the same state as home: Thomas's link is asked, Léa's refused.
  await page.goto('/preferences');
  await expect(page.getByRole('row', { name: /Thomas Durand/ })).toContainText('Demande en cours');
  await expect(page.getByRole('row', { name: /Léa Durand/ })).toContainText('Refusée par votre caisse');
  await expect(page.getByRole('row', { name: /Léa Durand/ })).toContainText('autre complémentaire');
  await expect(page.getByRole('row', { name: /Léa Durand/ }).getByRole('button', { name: 'Demander la télétransmission pour Léa Durand' })).toBeVisible();
  await page.goto('/beneficiary');
  await expect(page.getByText(/Télétransmission\s: Demande en cours/)).toHaveCount(1);
  await expect(page.getByText(/Télétransmission\s: Refusée par votre caisse/)).toHaveCount(1);
});
