import { expect, expectNoA11yViolations, test } from '../fixtures';
import { fetchInPage, hexToRgb, resolvedColor, rootVariable } from '../support/page-probes';

// Each demo tenant shows its own colours, logo, favicon and title, read from
// the real page the browser renders (brand configuration from GET /api/init, seeded in
// apps/server/src/modules/tenants/seed.ts).
const BRANDS = [
  { tenant: 'mutua', name: 'Mutua Santé', primary: '#1c4fd8', bodyText: '#1f2937', largeRadius: '18px', bodyFont: null },
  { tenant: 'azur', name: 'Azur Prévoyance', primary: '#8a1538', bodyText: '#2b2b2b', largeRadius: '4px', bodyFont: 'Trebuchet MS' },
] as const;

for (const brand of BRANDS) {
  test.describe(`${brand.name} (${brand.tenant})`, () => {
    test.beforeEach(async ({ page, tenantUrl }) => {
      await page.goto(tenantUrl(brand.tenant, '/login'));
      await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    });

    test('title is "<brand name> - <route title>"', async ({ page }) => {
      await expect(page).toHaveTitle(`${brand.name} - Connexion`);
      await expectNoA11yViolations(page);
    });

    test('colours come from its brand on the login page (server-rendered): primary, text colour, rounding', async ({ page }) => {
      expect(await rootVariable(page, '--mutua-color-primary')).toBe(brand.primary);
      await expect(page.locator('body')).toHaveCSS('color', hexToRgb(brand.bodyText));
      await expect(page.locator('main .card')).toHaveCSS('border-radius', brand.largeRadius);
      await expect(page.getByRole('button', { name: 'Se connecter' })).toHaveCSS('background-color', hexToRgb(brand.primary));
      await expectNoA11yViolations(page);
    });

    test('colours come from its brand in the SPA: primary scale, text colour, rounding', async ({ page, tenantUrl }) => {
      await page.goto(tenantUrl(brand.tenant, '/login/forgot-login'));
      await expect(page.getByRole('heading', { level: 1, name: 'Identifiant oublié' })).toBeVisible();
      expect(await rootVariable(page, '--mutua-color-primary')).toBe(brand.primary);
      // What Mantine paints filled primary components with (buttons, badges…).
      expect(await resolvedColor(page, 'var(--mantine-primary-color-filled)')).toBe(hexToRgb(brand.primary));
      await expect(page.locator('body')).toHaveCSS('color', hexToRgb(brand.bodyText));
      await expect(page.locator('main .mantine-Paper-root').first()).toHaveCSS('border-radius', brand.largeRadius);
      await expect(page.locator('main button[type="submit"]').first()).toHaveCSS('background-color', hexToRgb(brand.primary));
      await expectNoA11yViolations(page);
    });

    test('logo is its own SVG, loaded with a versioned URL', async ({ page }) => {
      const logo = page.getByRole('img', { name: brand.name });
      await expect(logo).toBeVisible();
      const src = await logo.getAttribute('src');
      expect(src).toMatch(/^\/api\/brand\/logo\.svg\?v=[0-9a-f]{6,}$/);
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const svg = await fetchInPage(page, src!);
      expect(svg.status).toBe(200);
      expect(svg.type).toContain('image/svg+xml');
      expect(svg.body).toContain(brand.name);
      expect(svg.body).toContain(brand.primary);
      await expectNoA11yViolations(page);
    });

    test('favicon is its own', async ({ page }) => {
      const href = await page.locator('link[rel="icon"]').getAttribute('href');
      expect(href).toMatch(/^\/api\/brand\/favicon\.svg\?v=[0-9a-f]{6,}$/);
      const icon = await fetchInPage(page, href!);
      expect(icon.status).toBe(200);
      expect(icon.type).toContain('image/svg+xml');
      expect(icon.body).toContain(`fill="${brand.primary}"`);
      await expectNoA11yViolations(page);
    });

    if (brand.bodyFont) {
      test('fonts come from its brand', async ({ page }) => {
        const family = await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily);
        expect(family.split(',')[0]!.trim().replace(/"/g, '')).toBe(brand.bodyFont);
        await expectNoA11yViolations(page);
      });
    }
  });
}

test('the two tenants never share a logo or favicon URL', async ({ page, tenantUrl }) => {
  const seen: Record<string, { logo: string | null; icon: string | null }> = {};
  for (const brand of BRANDS) {
    await page.goto(tenantUrl(brand.tenant, '/login'));
    const logo = page.getByRole('img', { name: brand.name });
    await expect(logo).toBeVisible();
    await expectNoA11yViolations(page);
    seen[brand.tenant] = { logo: await logo.getAttribute('src'), icon: await page.locator('link[rel="icon"]').getAttribute('href') };
  }
  expect(seen.mutua!.logo).not.toBe(seen.azur!.logo);
  expect(seen.mutua!.icon).not.toBe(seen.azur!.icon);
});
