import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../src/modules/backoffice/seed';
import { insertMember } from '../src/db/seed/member-factory';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { STAFF_HOST, signInStaff } from './support/staff';

let t: TestApp;
let agent: TestClient;
let azurAgent: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  agent = await signInStaff(t, DEMO_STAFF.agent, new TestClient(t.app, STAFF_HOST));
  azurAgent = await signInStaff(t, DEMO_STAFF.azurAgent, new TestClient(t.app, STAFF_HOST));
});
afterAll(() => t.close());

type Hit = { name: string; membershipNumber: string; tenantId: string; email: string | null };
const search = async (client: TestClient, q: string): Promise<Hit[]> => {
  const res = await client.get(`/api/bo/members?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('back-office member search', () => {
  it('finds a member by number, by the start of « prénom nom », of « nom prénom » or of the e-mail, whatever the case', async () => {
    for (const q of ['12345678', 'camille dur', 'DURAND CAM', 'Durand', 'camille.durand@exa']) {
      expect(
        (await search(agent, q)).map((h) => h.membershipNumber),
        q,
      ).toContain('12345678');
    }
  });

  it('finds nothing for a text inside every address but at the start of none', async () => {
    expect(await search(agent, 'example')).toEqual([]);
    expect((await search(agent, 'du')).length).toBeGreaterThan(0);
  });

  it('never shows a member of a tenant the staff member does not work for', async () => {
    expect((await search(agent, 'léa moreau')).map((h) => h.tenantId)).toEqual(['azur']);
    expect(await search(azurAgent, '12345678')).toEqual([]);
    expect(await search(azurAgent, 'camille durand')).toEqual([]);
  });

  it("finds one's own member however many namesakes another tenant has before it", async () => {
    // 210 « Zanzibar » of the other tenant sort before the azur member: a page filled before the tenants'
    // filter held none of the agent's own.
    const member = (tenantId: string, membershipNumber: string, firstName: string) =>
      insertMember(t.database.db, {
        tenantId,
        membershipNumber,
        people: [{ rank: 'MAIN', firstName, surName: 'ZANZIBAR', birthDate: '1980-01-01', sex: 'F', nir: '2800175056999', nirKey: '11' }],
        contact: { email: null, mobileNumber: null },
        address: { line1: null, zipCode: null, city: null },
        contract: { kind: 'INDIVIDUAL', label: 'Test', insurerContract: 'T-1', productNumber: 'P-1' },
      });
    for (let batch = 0; batch < 210; batch += 30) {
      await Promise.all(Array.from({ length: 30 }, (_, i) => member('mutua', String(70_000_000 + batch + i), `ANNE${String(batch + i).padStart(3, '0')}`)));
    }
    await member('azur', '70999999', 'ZOÉ');

    expect((await search(azurAgent, 'zanzibar')).map((h) => [h.name, h.tenantId])).toEqual([['ZOÉ ZANZIBAR', 'azur']]);
    const page = await search(agent, 'zanzibar');
    expect(page).toHaveLength(20);
    expect(page[0]!.name).toBe('ANNE000 ZANZIBAR');
  });

  it('takes % and _ as plain characters', async () => {
    expect(await search(agent, '%%')).toEqual([]);
    expect(await search(agent, '__')).toEqual([]);
  });
});
