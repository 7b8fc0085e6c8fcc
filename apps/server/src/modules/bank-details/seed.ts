import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_MEMBERS } from '../members/public';
import { upsertAccount } from './sealed-rows';
import { contacts, members, sepaCreditors, tenants } from '../../db/schema';

/** The demo tenants as SEPA creditors (ICS checked by sepa.validateCreditorID in the tests). */
const CREDITORS: Record<string, { name: string; address: string; ics: string; rumPrefix: string }> = {
  mutua: { name: 'Mutua Santé', address: '10 rue de la Mutualité, 75005 Paris, France', ics: 'FR72ZZZ123456', rumPrefix: 'MUTUA' },
  azur: { name: 'Azur Prévoyance', address: '5 promenade des Anglais, 06000 Nice, France', ics: 'FR19ZZZ654321', rumPrefix: 'AZUR' },
};

const at = new Date('2025-03-01T09:00:00Z');

/**
 * Demo bank details: every demo tenant as creditor; Camille (12345678) with a contribution and a refund
 * account, Léa (her daughter, position 3) with her own refund account, the others on Camille's; demo
 * members' mobiles confirmed long ago (they may sign a mandate).
 */
export async function seedBankDetails(db: Db): Promise<void> {
  const ids = (await db.select({ id: tenants.id, name: tenants.name }).from(tenants)).filter((t) => CREDITORS[t.id]);
  if (ids.length)
    await db
      .insert(sepaCreditors)
      .values(ids.map((t) => ({ tenantId: t.id, ...CREDITORS[t.id]! })))
      .onConflictDoNothing();

  const demo = await db
    .select({ id: members.id, number: members.membershipNumber })
    .from(members)
    .where(inArray(members.membershipNumber, Object.values(DEMO_MEMBERS)));
  if (demo.length)
    await db
      .update(contacts)
      .set({ mobileConfirmedAt: at })
      .where(
        inArray(
          contacts.memberId,
          demo.map((m) => m.id),
        ),
      );
  const camille = demo.find((m) => m.number === DEMO_MEMBERS.camille);
  if (!camille) return;
  const holder = 'Camille Durand';
  const accounts = [
    { usage: 'contribution', familyPosition: 1, holder, iban: 'FR7630004000031234567890143', bic: 'BNPAFRPPXXX', bankName: 'BNP Paribas' },
    { usage: 'refund', familyPosition: 1, holder, iban: 'FR7630004000031234567890143', bic: 'BNPAFRPPXXX', bankName: 'BNP Paribas' },
    { usage: 'refund', familyPosition: 3, holder: 'Léa Durand', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX', bankName: 'La Banque Postale' },
  ] as const;
  // Stored encrypted, as the portal stores them.
  for (const { usage, familyPosition, ...account } of accounts) await upsertAccount(db, camille.id, usage, familyPosition, account, at);
}
