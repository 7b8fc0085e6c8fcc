import { GLOBAL_DETAILS_ACTIONS, GLOBAL_DETAILS_ON_DEMAND, ZGlobalDetails, ZGlobalDetailsResponse, ZInsured } from '@mutua/contracts/global-details';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, beneficiaries, sessions } from '../src/db/schema';
import { MODULES } from '../src/modules';
import { UNOWNED_GLOBAL_DETAILS, composeGlobalDetails } from '../src/core/global-details';
import { membersModule } from '../src/modules/members';
import { orderBeneficiaries } from '../src/modules/members/insured';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { AuthClient, DEMO_ACCOUNTS, createTestMember, signIn } from './support/auth';

let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual' });
});
afterAll(() => t.close());

const { camille, lea, julien } = DEMO_ACCOUNTS;

describe('GET /api/all-info', () => {
  it('needs a session', async () => {
    const client = await AuthClient.open(t.app);
    const res = await client.get('/api/all-info');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it("answers every field of the global details from the member's own data", async () => {
    const client = await signIn(t, camille.membershipNumber);
    const res = await client.get('/api/all-info');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = ZGlobalDetailsResponse.parse(res.json());

    expect(data.profile).toEqual({ membershipNumber: camille.membershipNumber });
    expect(data.environmentMapping).toEqual({ environmentId: 'mutua', name: 'Mutua Santé' });
    expect(data.applicationUser).toEqual({ userEnvironment: 'mutua' });
    expect(data.insured.allBeneficiaries.beneficiaries.map((b) => `${b.rank} ${b.firstName}`)).toEqual([
      'MAIN CAMILLE',
      'PARTNER THOMAS',
      'CHILD LÉA',
      'CHILD NOAH',
    ]);
    expect(data.insured.familyContacts.contacts).toEqual([
      { email: 'camille.durand@example.com', secondaryEmail: null, mobileNumber: '0612345678', phoneNumber: null },
    ]);
    expect(data.insured.familyAddresses.addresses).toEqual([
      { line1: '12 rue des Lilas', line2: null, line3: null, zipCode: '75011', city: 'Paris', country: 'France' },
    ]);
    expect(data.insured.contractsSubscribed).toHaveLength(4);
    expect(data.insured.contractsSubscribed[0]).toMatchObject({
      familyPosition: 1,
      kind: 'INDIVIDUAL',
      incomingDate: '2024-01-01',
      outgoingDate: null,
      baseOptionCode: 'BASE',
    });
    expect(data.insured).toMatchObject({
      firstConnection: false,
      finishedTutorial: true,
      validatedLegalPages: true,
      showPopupPasswordValidity: false,
      invalidPersonalInformation: false,
      insuredContact: { email: 'camille.durand@example.com', mobileNumber: '0612345678' },
      // The main insured's refund account (bank-details module), masked but for the last 4 characters.
      ribInformations: {
        rib: {
          holder: 'Camille Durand',
          bankName: 'BNP Paribas',
          ibanMasked: 'FR76 •••• •••• •••• 0143',
          ibanLast4: '0143',
          bic: 'BNPAFRPPXXX',
          updatedAt: '2025-03-01T09:00:00.000Z',
        },
      },
    });
    expect(data.insured.lastConnection).not.toBeNull();
    expect(new Date(data.insured.lastConnection!).getTime()).toBeLessThan(t.clock.now().getTime() - 86_400_000);
    expect(data.insured.passwordLastModification).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect(data.featureStatus.map((f) => f.feature_id).sort()).toEqual(['BENEFICIARIES', 'BENEFICIARIES_ADD', 'CONTRACT_RESILIATION', 'MY_SERVICES']);
    expect(data.entityHasServices).toBe(true);
    expect(data.brand.name).toBe('Mutua Santé');
    expect(data.brand.graphical_charter.logo).toMatch(/^\/api\/brand\/logo\.svg\?v=/);
    expect(data.insurer).toEqual({ name: 'Mutua Santé' });
    expect(data.insuredMobileApplication.enabled).toBe(true);
    expect(data.showOldInsuredSpaceLink).toBe(false);
    expect(data.logoutRedirectUrl).toBeNull();
    expect(data.isBoAuthentication).toBe(false);
    expect(data.hasNonBasePolicy).toBe(false);
    expect(data.environmentHasMandatoryInformations).toBe(true);
    expect(data.legalPages.map((p) => p.type).sort()).toEqual(['cgu', 'confidentialite', 'mentions-legales']);
    expect(data.legalPages.every((p) => p.version === 1 && p.content.length > 20)).toBe(true);
    expect(data.averageRequestResponseDelay.prestationFuturDate > data.averageRequestResponseDelay.prestationPastDate).toBe(true);
    // Parts of later areas are lists (empty until those areas plug in their loaders).
    for (const key of ['refunds', 'lastRequests', 'timelineRecent', 'faqCategories', 'alertDtoList'] as const) expect(Array.isArray(data[key])).toBe(true);
    expect(data.allDocuments.documentsDto.documents).toEqual(expect.any(Array));
  });

  it('never shows member A the data of member B (each session sees its own family only)', async () => {
    const a = await signIn(t, camille.membershipNumber);
    const b = await signIn(t, lea.loginEmail, { host: 'azur.localhost' });
    const c = await signIn(t, julien.loginEmail);
    const bodyA = (await a.get('/api/all-info')).body;
    const bodyB = (await b.get('/api/all-info')).body;
    const bodyC = (await c.get('/api/all-info')).body;
    expect(bodyA).toContain('DURAND');
    expect(bodyB).toContain('MOREAU');
    for (const other of ['MOREAU', 'MARTIN', lea.membershipNumber, julien.membershipNumber]) expect(bodyA).not.toContain(other);
    for (const other of ['DURAND', 'MARTIN', camille.membershipNumber, 'Mutua Santé']) expect(bodyB).not.toContain(other);
    expect(JSON.parse(bodyB).data).toMatchObject({
      brand: { name: 'Azur Prévoyance' },
      logoutRedirectUrl: '/login?au-revoir=1',
      showOldInsuredSpaceLink: true,
      oldInsuredSpace: { url: 'https://ancien-espace.azur-prevoyance.example' },
      entityHasServices: false,
      insuredMobileApplication: { enabled: false },
    });
    expect(JSON.parse(bodyC).data.insured.familyContacts.contacts[0]).toMatchObject({
      email: 'julien.martin@example.com',
      secondaryEmail: 'j.martin.pro@example.org',
    });
  });

  it('lists insured beneficiaries only: main, partner, then the others by birth date', async () => {
    const m = await createTestMember(t);
    await t.database.db.insert(beneficiaries).values([
      { memberId: m.memberId, familyPosition: 2, rank: 'CHILD', firstName: 'CADET', surName: 'X', birthDate: '2015-01-01', sex: 'M' },
      { memberId: m.memberId, familyPosition: 3, rank: 'CHILD', firstName: 'AINE', surName: 'X', birthDate: '2010-01-01', sex: 'F' },
      { memberId: m.memberId, familyPosition: 4, rank: 'PARTNER', firstName: 'CONJOINT', surName: 'X', birthDate: '1990-01-01', sex: 'M' },
      { memberId: m.memberId, familyPosition: 5, rank: 'CHILD', firstName: 'NONASSURE', surName: 'X', birthDate: '2012-01-01', sex: 'F', insured: false },
      { memberId: m.memberId, familyPosition: 6, rank: 'OTHER', firstName: 'ASCENDANT', surName: 'X', birthDate: '1950-01-01', sex: 'F' },
    ]);
    const client = await signIn(t, m.login);
    const list = (await client.get('/api/all-info')).json().data.insured.allBeneficiaries.beneficiaries.map((b: { firstName: string }) => b.firstName);
    expect(list).toEqual(['TEST', 'CONJOINT', 'ASCENDANT', 'AINE', 'CADET']);
    expect(orderBeneficiaries([])).toEqual([]);
  });

  it('reflects the session flags: back-office login, first connection', async () => {
    const m = await createTestMember(t);
    await t.database.db.update(accounts).set({ finishedTutorial: false }).where(eq(accounts.id, m.accountId!));
    const client = await signIn(t, m.login);
    expect((await client.get('/api/all-info')).json().data.insured).toMatchObject({ firstConnection: true, finishedTutorial: false, lastConnection: null });
    await t.database.db.update(sessions).set({ isBoAuthentication: true }).where(eq(sessions.memberId, m.memberId));
    expect((await client.get('/api/all-info')).json().data.isBoAuthentication).toBe(true);
  });

  it('leaves the whole request history out of the full answer: only actionKey=requests sends it (a smaller payload)', async () => {
    const client = await signIn(t, camille.membershipNumber);
    const full = await client.get('/api/all-info', { headers: { 'accept-encoding': 'identity' } });
    const part = await client.get('/api/all-info?actionKey=requests', { headers: { 'accept-encoding': 'identity' } });
    expect(full.statusCode).toBe(200);
    expect(GLOBAL_DETAILS_ON_DEMAND).toEqual(['allRequests']);
    expect(full.json().data).not.toHaveProperty('allRequests');
    const { allRequests, lastRequests } = part.json().data;
    expect(allRequests.length).toBeGreaterThan(0);
    // Home's recent requests stay in the full answer, the same as the first groups of the history.
    expect(full.json().data.lastRequests).toEqual(lastRequests);
    expect(lastRequests).toEqual(allRequests.slice(0, lastRequests.length));
    // A figure for the note, not an assertion: the full answer with the history as it was before.
    const history = Buffer.byteLength(`,"allRequests":${JSON.stringify(allRequests)}`);
    console.log(`/api/all-info (camille, uncompressed): ${full.body.length + history} → ${full.body.length} bytes; allRequests ${history} bytes`);
  });

  it('answers just the part of an actionKey, and ACTION_NOT_FOUND to an unknown one', async () => {
    const client = await signIn(t, camille.membershipNumber);
    for (const [actionKey, keys] of Object.entries(GLOBAL_DETAILS_ACTIONS)) {
      const res = await client.get(`/api/all-info?actionKey=${actionKey}`);
      expect(res.statusCode, actionKey).toBe(200);
      expect(Object.keys(res.json().data).sort()).toEqual([...keys].sort());
    }
    const unknown = await client.get('/api/all-info?actionKey=everything');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'ACTION_NOT_FOUND', message: 'Action introuvable' });
    expect((await client.get('/api/all-info?actionKey=toString')).statusCode).toBe(404);
  });

  it('answers PROFILE_FAILURE when a part cannot be loaded', async () => {
    const client = await signIn(t, camille.membershipNumber);
    const spy = vi.spyOn(membersModule.globalDetails!, 'hasNonBasePolicy').mockRejectedValueOnce(new Error('boom'));
    try {
      const res = await client.get('/api/all-info');
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toEqual({ code: 'PROFILE_FAILURE', message: 'Toutes les informations de votre compte n’ont pas pu être chargées.' });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the global details composer', () => {
  it('has exactly one answer per field: a module loader or a default', () => {
    const owners = MODULES.flatMap((m) => Object.keys(m.globalDetails ?? {})).concat(Object.keys(UNOWNED_GLOBAL_DETAILS), ['insured']);
    expect([...owners].sort()).toEqual(Object.keys(ZGlobalDetails.shape).sort());
    expect(Object.keys(composeGlobalDetails(MODULES)).sort()).toEqual(Object.keys(ZGlobalDetails.shape).sort());
    const insuredOwners = MODULES.flatMap((m) => Object.keys(m.insured ?? {}));
    expect(insuredOwners.sort()).toEqual(Object.keys(ZInsured.shape).sort());
  });

  it('refuses a field of insured answered twice, or by no one', () => {
    const twice = { name: 'intruder', insured: { notifications: async () => [] } };
    expect(() => composeGlobalDetails([...MODULES, twice])).toThrow(/insured: "notifications" is answered by module campaigns and module intruder/);
    expect(() => composeGlobalDetails(MODULES.filter((m) => m.name !== 'bank-details'))).toThrow(/insured: no loader for ribInformations/);
  });

  it('refuses a field answered twice, or by no one', () => {
    const twice = { name: 'intruder', globalDetails: { brand: membersModule.globalDetails!.profile as never } };
    expect(() => composeGlobalDetails([...MODULES, twice])).toThrow(/"brand" is answered by module tenants and module intruder/);
    expect(() => composeGlobalDetails(MODULES.filter((m) => m.name !== 'documents'))).toThrow(/no loader for allDocuments, documentsDisplay/);
    expect(() => composeGlobalDetails(MODULES, { ...UNOWNED_GLOBAL_DETAILS, brand: null })).toThrow(/answered by module tenants and the defaults/);
  });
});

describe('public legal pages', () => {
  it('lists the current pages of the tenant and shows one by type, without a session', async () => {
    const client = await AuthClient.open(t.app, { host: 'azur.localhost' });
    const list = await client.get('/api/legal-pages');
    expect(
      list
        .json()
        .data.map((p: { type: string }) => p.type)
        .sort(),
    ).toEqual(['cgu', 'confidentialite', 'mentions-legales']);
    const cgu = await client.get('/api/legal-pages/cgu');
    expect(cgu.json().data).toMatchObject({ type: 'cgu', version: 1, requiresAcceptance: true });
    expect(cgu.json().data.content).toContain('Azur Prévoyance');
    expect((await client.get('/api/legal-pages/inconnue')).statusCode).toBe(404);
  });
});
