import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { productCosts } from '../src/modules/product-costs/schema';
import { DEMO_STAFF } from '../src/modules/backoffice/seed';
import { DEMO_ACCOUNTS, createTestMember, signIn } from './support/auth';
import { TestClient, createTestApp, type ClockedTestApp } from './support/test-app';
import { staffClients } from './support/staff-clients';
import { DEMO_STAFF_PASSWORD } from '../src/modules/backoffice/seed';
import { currentTotp } from '../src/modules/backoffice/totp';
import { staff } from '../src/db/schema';

let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual', start: new Date('2026-11-23T10:00:00Z') });
}, 60_000);
afterAll(() => t?.close());

const staffClient = staffClients(() => t, '10.82.0');
/** Signs a demo staff member in with the code of the app's clock (the test moves it to the new year). */
async function demoStaff(who: keyof typeof DEMO_STAFF) {
  const client = staffClient.client();
  await client.get('/api/bo/auth/session');
  expect((await client.post('/api/bo/auth/login', { email: DEMO_STAFF[who].email, password: DEMO_STAFF_PASSWORD })).statusCode).toBe(200);
  await t.database.db.update(staff).set({ totpLastStep: null }).where(eq(staff.email, DEMO_STAFF[who].email));
  expect((await client.post('/api/bo/auth/totp', { code: currentTotp(DEMO_STAFF[who].totp!, t.clock.now()) })).statusCode).toBe(200);
  return client;
}
const figures = { redistribution: 81.25, claimsManagement: 6, acquisition: 4.5, administration: 7.75 };

describe('management costs and redistribution rate', () => {
  it('a member reads the figures of their own products for the last closed year, and only those', async () => {
    const client = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const costs = (await client.get('/api/product-costs')).json().data as { productNumber: string; year: number }[];
    expect(costs.length).toBeGreaterThan(0);
    for (const c of costs) expect(c.year).toBe(2025);
    const other = await createTestMember(t);
    const otherClient = await signIn(t, other.login);
    // P-1, the test member's product, has no figures: nothing of Camille's products leaks.
    expect((await otherClient.get('/api/product-costs')).json().data).toEqual([]);
    expect((await new TestClient(t.app, 'localhost').get('/api/product-costs')).statusCode).toBe(401);
  });

  it('an administrator sets a product’s figures for a closed year; members see them at once; bad input changes nothing; audited', async () => {
    const admin = await demoStaff('administrator');
    const view = (await admin.get('/api/bo/tenants/mutua/product-costs')).json().data;
    expect(view.lastClosedYear).toBe(2025);
    expect(view.products.map((p: { productNumber: string }) => p.productNumber)).toContain('P-ESS-02');

    const bad = await admin.put('/api/bo/tenants/mutua/product-costs/P-ESS-02/2025', { ...figures, claimsManagement: 70, acquisition: 30 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Les frais de gestion ne peuvent pas dépasser les cotisations (100\u00a0%).');
    // The current year's accounts are not closed; an unknown product is none of the tenant's.
    expect((await admin.put('/api/bo/tenants/mutua/product-costs/P-ESS-02/2026', figures)).statusCode).toBe(404);
    expect((await admin.put('/api/bo/tenants/mutua/product-costs/P-INCONNU/2025', figures)).statusCode).toBe(404);

    const saved = await admin.put('/api/bo/tenants/mutua/product-costs/P-ESS-02/2025', figures);
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(productCosts)
      .where(and(eq(productCosts.tenantId, 'mutua'), eq(productCosts.productNumber, 'P-ESS-02'), eq(productCosts.year, 2025)));
    expect(row).toMatchObject({ redistributionBp: 8125, claimsManagementBp: 600, acquisitionBp: 450, administrationBp: 775 });
    const [azur] = await t.database.db
      .select()
      .from(productCosts)
      .where(and(eq(productCosts.tenantId, 'azur'), eq(productCosts.productNumber, 'P-ESS-02'), eq(productCosts.year, 2025)));
    expect(azur!.redistributionBp).not.toBe(8125);
    const [audited] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'PRODUCT_COSTS_SET'));
    expect(audited!.details).toMatchObject({ productNumber: 'P-ESS-02', year: 2025, redistribution: 8125 });

    const manager = await demoStaff('manager');
    expect((await manager.put('/api/bo/tenants/mutua/product-costs/P-ESS-02/2025', figures)).statusCode).toBe(403);
  });

  it('the new year shows the previous closed year until the year just closed is set, then that one', async () => {
    t.clock.advance(53 * 86_400_000); // 15 January 2027
    const client = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const before = (await client.get('/api/product-costs')).json().data as { productNumber: string; year: number }[];
    expect(before.find((c) => c.productNumber === 'P-ESS-02')?.year).toBe(2025);
    const admin = await demoStaff('administrator');
    expect((await admin.put('/api/bo/tenants/mutua/product-costs/P-ESS-02/2026', figures)).statusCode).toBe(200);
    const after = (await client.get('/api/product-costs')).json().data as { productNumber: string; year: number; redistributionBp: number }[];
    expect(after.find((c) => c.productNumber === 'P-ESS-02')).toMatchObject({ year: 2026, redistributionBp: 8125 });
  });
});
