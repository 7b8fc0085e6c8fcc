import type { TBeneficiaryDetail, TPreferences } from '@mutua/contracts/account';
import { ZGlobalDetails } from '@mutua/contracts/global-details';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberAlerts, tenantAnnouncements } from '../src/db/schema';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { createTestMember, DEMO_ACCOUNTS, signIn, type AuthClient } from './support/auth';

let t: ClockedTestApp;
let camille: AuthClient;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual', start: new Date('2026-11-23T10:00:00Z') });
  camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
});
afterAll(() => t.close());

const details = async (client: AuthClient) => {
  const res = await client.get('/api/all-info');
  expect(res.statusCode, res.body).toBe(200);
  return ZGlobalDetails.parse(res.json().data);
};

describe('home notices in the global details', () => {
  it('Camille: the tenant’s announcement, its alert, her family’s Noémie states in family order', async () => {
    const d = await details(camille);
    expect(d.isAnnouncementDisplayed).toBe(true);
    expect(d.announcement).toContain('agence de Lyon');
    expect(d.alertDtoList).toEqual([
      expect.objectContaining({
        level: 'info',
        title: 'Vos remboursements plus vite',
        link: { path: '/faq/remboursements/delais', label: 'En savoir plus sur Noémie' },
      }),
    ]);
    expect(d.noemieStateDtoList.map((s) => s.state)).toEqual(['ACTIVE', 'REQUESTED', 'REJECTED', 'INACTIVE']);
    expect(d.noemieStateDtoList[2]!.reason).toContain('autre complémentaire');
    const beneficiaryIds = d.insured.allBeneficiaries.beneficiaries.map((b) => b.id);
    for (const s of d.noemieStateDtoList) expect(beneficiaryIds).toContain(s.beneficiaryId);
  });

  it('home, « Mes bénéficiaires » and « Mes préférences » tell one teletransmission state per person', async () => {
    const home = (await details(camille)).noemieStateDtoList.map((s) => [s.firstName, s.state]);
    const prefs = ((await camille.get('/api/preferences')).json().data as TPreferences).teletransmission.map((p) => [p.firstName, p.state]);
    const family = ((await camille.get('/api/beneficiaries')).json().data as { beneficiaries: TBeneficiaryDetail[] }).beneficiaries.map((b) => [
      b.firstName,
      b.teletransmission.state,
    ]);
    // Thomas's link is still asked of the fund, Léa's refused by it: never « Active » on the other pages.
    expect(home).toEqual([
      ['CAMILLE', 'ACTIVE'],
      ['THOMAS', 'REQUESTED'],
      ['LÉA', 'REJECTED'],
      ['NOAH', 'INACTIVE'],
    ]);
    expect(prefs).toEqual(home);
    expect(family).toEqual(home);
    const lea = ((await camille.get('/api/preferences')).json().data as TPreferences).teletransmission[2]!;
    expect(lea).toMatchObject({ state: 'REJECTED', reason: expect.stringContaining('autre complémentaire'), since: '2026-10-18' });
  });

  it('a member’s own alert reaches them only; the most serious first; out of window or with a foreign link, as the rules say', async () => {
    const a = await createTestMember(t);
    const b = await createTestMember(t);
    const startsAt = new Date('2026-11-01T00:00:00Z');
    await t.database.db.insert(memberAlerts).values([
      {
        startsAt,
        tenantId: 'mutua',
        memberId: a.memberId,
        level: 'critical',
        title: 'Cotisation impayée',
        message: 'Votre prélèvement de novembre a été rejeté.',
        linkPath: '/requests',
        linkLabel: 'Nous contacter',
      },
      {
        startsAt,
        tenantId: 'mutua',
        memberId: a.memberId,
        level: 'warning',
        title: 'Lien externe',
        message: 'x',
        linkPath: '//evil.example/',
        linkLabel: 'Cliquez',
      },
      { startsAt, tenantId: 'mutua', memberId: a.memberId, level: 'warning', title: 'Expirée', message: 'x', endsAt: new Date('2026-11-01T00:00:00Z') },
      { tenantId: 'mutua', memberId: a.memberId, level: 'warning', title: 'À venir', message: 'x', startsAt: new Date('2026-12-01T00:00:00Z') },
    ]);
    const alertsOfA = (await details(await signIn(t, a.login))).alertDtoList;
    expect(alertsOfA.map((x) => x.title)).toEqual(['Cotisation impayée', 'Lien externe', 'Vos remboursements plus vite']);
    expect(alertsOfA[1]!.link).toBeNull();
    const ofB = await details(await signIn(t, b.login));
    expect(ofB.alertDtoList.map((x) => x.title)).toEqual(['Vos remboursements plus vite']);
    expect(ofB.noemieStateDtoList.map((s) => s.state)).toEqual(['ACTIVE']);
    // Another tenant sees neither.
    const azur = await createTestMember(t, { tenantId: 'azur' });
    const ofAzur = await details(await signIn(t, azur.login, { host: 'azur.localhost' }));
    expect(ofAzur.alertDtoList).toEqual([]);
    expect(ofAzur.isAnnouncementDisplayed).toBe(false);
    expect(ofAzur.announcement).toBeNull();
  });

  it('the announcement shows only while displayed and within its window', async () => {
    const set = (v: Partial<typeof tenantAnnouncements.$inferInsert>) =>
      t.database.db.update(tenantAnnouncements).set(v).where(eq(tenantAnnouncements.tenantId, 'mutua'));
    await set({ displayed: false });
    expect((await details(camille)).isAnnouncementDisplayed).toBe(false);
    await set({ displayed: true, endsAt: new Date('2026-11-23T09:00:00Z') });
    expect((await details(camille)).isAnnouncementDisplayed).toBe(false);
    await set({ endsAt: null, startsAt: new Date('2026-11-24T00:00:00Z') });
    expect((await details(camille)).isAnnouncementDisplayed).toBe(false);
    t.clock.advance(86_400_000);
    expect((await details(await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber))).isAnnouncementDisplayed).toBe(true);
  });
});
