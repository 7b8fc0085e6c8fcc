import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { bankAccounts, beneficiaries, members, type BankAccount } from '../../src/db/schema';
import { openBankFields, sealNir, tenantOfMember } from '../../src/db/protected-fields';
import { upsertAccount } from '../../src/modules/bank-details/sealed-rows';

/*
 * Tests write personal data the way the app does (encrypted, db/protected-fields.ts) and read it back
 * in clear: a row written in clear would be refused on reading, as a tampered one is.
 */

/** Gives the member's main insured this NIR and key (stored encrypted, with its lookup hash). */
export async function setMainInsuredNir(db: Db, memberId: string, nir: string, nirKey: string): Promise<void> {
  const [main] = await db
    .select({ id: beneficiaries.id, tenantId: members.tenantId })
    .from(beneficiaries)
    .innerJoin(members, eq(members.id, beneficiaries.memberId))
    .where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.rank, 'MAIN')));
  await db
    .update(beneficiaries)
    .set({ ...(await sealNir(db, main!.tenantId, 'beneficiaries', main!.id, nir)), nirKey })
    .where(eq(beneficiaries.id, main!.id));
}

type NewPerson = Omit<typeof beneficiaries.$inferInsert, 'id' | 'nirHmac'>;

/** Adds people to a member's family, their NIRs encrypted. */
export async function insertBeneficiaries(db: Db, people: NewPerson[]): Promise<void> {
  for (const p of people) {
    const id = randomUUID();
    const sealed = await sealNir(db, await tenantOfMember(db, p.memberId), 'beneficiaries', id, p.nir ?? null);
    await db.insert(beneficiaries).values({ ...p, id, ...sealed });
  }
}

export async function insertBankAccount(
  db: Db,
  a: {
    memberId: string;
    usage: 'contribution' | 'refund';
    familyPosition: number;
    holder: string;
    iban: string;
    bic: string | null;
    bankName: string | null;
    updatedAt: Date;
  },
): Promise<void> {
  const { memberId, usage, familyPosition, updatedAt, ...account } = a;
  await upsertAccount(db, memberId, usage, familyPosition, account, updatedAt);
}

/** A member's accounts in clear. */
export async function bankAccountsOf(db: Db, memberId: string): Promise<BankAccount[]> {
  const tenantId = await tenantOfMember(db, memberId);
  const rows = await db.select().from(bankAccounts).where(eq(bankAccounts.memberId, memberId));
  return Promise.all(rows.map((r) => openBankFields(db, tenantId, 'bank_accounts', r)));
}
