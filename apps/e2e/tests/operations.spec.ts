import { expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';

// Maintenance turned on by the operator command shows the public reason and
// the portal comes back when it is turned off; a heartbeat reporting DOWN (the database unreachable)
// leads to the maintenance page, and the portal comes back with the database.
//
// Both change global state, so they run on a server instance of their own: on PostgreSQL
// (E2E_DATABASE_URL, else an embedded PGlite over TCP) reached through a proxy the test can cut.
// Each test puts the instance back as it found it (finally), so they stay independent.

const instance = isolatedServer({ database: 'server', name: 'operations' });

const heartbeatStatus = async () => {
  const res = await instance.tenantApi('mutua', '/api/heartbeat');
  return (res.json() as { data: { status: string } }).data.status;
};

/** A navigation inside the running SPA (no page load): react-router follows popstate. */
async function navigateInApp(page: import('@playwright/test').Page, pathname: string) {
  await page.evaluate((p) => {
    window.history.pushState(window.history.state, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, pathname);
}

test('maintenance turned on by the operator shows its public reason; turned off, the portal is back', async ({ page }) => {
  const reason = 'Mise à jour de nos services : retour prévu à 14 h.';
  await page.goto(instance.tenantUrl('mutua', '/login'));
  await expect(page).toHaveTitle('Mutua Santé - Connexion');
  await expectNoA11yViolations(page);

  await instance.operator.maintenance('mutua', true, reason);
  try {
    await page.goto(instance.tenantUrl('mutua', '/login'));
    await expect(page).toHaveURL(/\/maintenance(\?|$)/);
    await expect(page.getByText(reason)).toBeVisible();
    await expectNoA11yViolations(page, { label: 'maintenance with a public reason' });

    // Only that tenant is in maintenance.
    await page.goto(instance.tenantUrl('azur', '/login'));
    await expect(page).toHaveTitle('Azur Prévoyance - Connexion');
    await expectNoA11yViolations(page);
  } finally {
    await instance.operator.maintenance('mutua', false);
  }

  await page.goto(instance.tenantUrl('mutua', '/login'));
  await expect(page).toHaveTitle('Mutua Santé - Connexion');
  await expect(page.getByText(reason)).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('a heartbeat reporting DOWN leads to the maintenance page; the portal is back with the database', async ({ page }) => {
  // A screen of the SPA (the login page itself is rendered by the server: it is the fresh load below).
  await page.goto(instance.tenantUrl('mutua', '/login/forgot-login'));
  await expect(page).toHaveTitle('Mutua Santé - Identifiant oublié');
  await expectNoA11yViolations(page);

  await instance.proxy!.cut();
  try {
    await expect.poll(heartbeatStatus, { message: 'heartbeat with the database cut off', timeout: 15_000 }).toBe('DOWN');
    // The brand is already loaded: only the heartbeat checked before this navigation can divert it.
    await navigateInApp(page, '/login/forgot-password');
    await expect(page).toHaveURL(/\/maintenance(\?|$)/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page, { label: 'maintenance, database down' });

    // A fresh load while the database is away ends there too.
    await page.goto(instance.tenantUrl('mutua', '/login'));
    await expect(page).toHaveURL(/\/maintenance(\?|$)/);
    await expectNoA11yViolations(page, { label: 'maintenance after a fresh load, database down' });
  } finally {
    await instance.proxy!.restore();
  }

  await expect.poll(heartbeatStatus, { message: 'heartbeat with the database back', timeout: 15_000 }).toBe('UP');
  await page.goto(instance.tenantUrl('mutua', '/login'));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Mutua Santé - Connexion');
  await expectNoA11yViolations(page);
});
