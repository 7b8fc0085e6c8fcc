import { CONTACT_THEMES } from '@mutua/contracts/complaints';
import { ZGlobalDetails, type TGlobalDetails } from '@mutua/contracts/global-details';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../src/db/schema';
import { DEMO_ACCOUNTS, signIn, type AuthClient } from './support/auth';
import type { TestApp } from './support/test-app';
import { openSignedIn } from './support/signed-in';

// The fields of the global details that were placeholders ([] / null / a constant) now come from the data.
let t: TestApp;
let camille: AuthClient;
let julien: AuthClient;

beforeAll(async () => void ([t, camille, julien] = await openSignedIn('camille', 'julien')));
afterAll(() => t.close());

const detailsOf = async (client: AuthClient): Promise<TGlobalDetails> => ZGlobalDetails.parse((await client.get('/api/all-info')).json().data);

describe('the global details from real data', () => {
  it('dayCallHourRates: the phone line day by day, as the contact page states it', async () => {
    const { dayCallHourRates } = await detailsOf(camille);
    expect(dayCallHourRates.map((d) => d.day)).toEqual(['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi']);
    expect(dayCallHourRates[0]).toEqual({ dayOfWeek: 1, day: 'lundi', opensAt: '08:30', closesAt: '18:00' });
  });

  it('contactsThemes: the themes of contact-us', async () => {
    const { insured } = await detailsOf(camille);
    expect(insured.allThemes.contactsThemes.map((th) => th.code)).toEqual(CONTACT_THEMES.map((th) => th.code));
    expect(insured.allThemes.contactsThemes[0]).toEqual({ code: 'membership_other', label: 'Mon adhésion', typeCode: 10010 });
  });

  it('allSubscriptions and affiliations: the family’s contracts, whom they cover, their options; ended ones too', async () => {
    const camilleDetails = await detailsOf(camille);
    expect(camilleDetails.insured.allSubscriptions).toEqual([
      expect.objectContaining({
        insurerContract: 'MUTUA-IND-2024',
        kind: 'INDIVIDUAL',
        status: 'ACTIVE',
        endDate: null,
        optionCodes: ['OPT-DENT', 'OPT-OPTI'],
      }),
    ]);
    const subscription = camilleDetails.insured.allSubscriptions[0]!;
    expect(camilleDetails.insured.affiliations.filter((a) => a.insurerContract === 'MUTUA-IND-2024').map((a) => a.familyPosition)).toEqual(
      subscription.familyPositions,
    );
    const julienDetails = await detailsOf(julien);
    expect(julienDetails.insured.allSubscriptions.map((s) => [s.insurerContract, s.status])).toEqual(
      expect.arrayContaining([
        ['MUTUA-COL-2024', 'ACTIVE'],
        ['MUTUA-IND-2019', 'FINISHED'],
      ]),
    );
    expect(julienDetails.insured.allSubscriptions.find((s) => s.insurerContract === 'MUTUA-IND-2019')).toMatchObject({ endDate: '2023-12-31' });
  });

  it('companyOptions: the options of the employer’s collective contract, for its members only', async () => {
    expect((await detailsOf(julien)).insured.companyOptions).toEqual([
      expect.objectContaining({ insurerContract: 'MUTUA-COL-2024', code: 'OPT-COL-SUR', label: 'Surcomplémentaire entreprise' }),
    ]);
    expect((await detailsOf(camille)).insured.companyOptions).toEqual([]);
  });

  it('documentsDisplay: the document tabs that hold documents and whether the payment schedule is offered', async () => {
    expect((await detailsOf(camille)).documentsDisplay).toEqual({ tabs: ['health', 'foresight', 'contribution', 'shared'], paymentScheduleOffered: true });
    expect((await detailsOf(julien)).documentsDisplay.paymentScheduleOffered).toBe(false);
  });

  it('environmentHasMandatoryInformations: the tenant’s setting (absent: yes)', async () => {
    expect((await detailsOf(camille)).environmentHasMandatoryInformations).toBe(true);
    await t.database.db
      .update(tenants)
      .set({ settings: sql`${tenants.settings} || '{"mandatoryInformations": false}'::jsonb` })
      .where(eq(tenants.id, 'mutua'));
    await new Promise((r) => setTimeout(r, 1_100)); // the tenant directory keeps a tenant one second
    const fresh = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
    expect((await detailsOf(fresh)).environmentHasMandatoryInformations).toBe(false);
  });
});
