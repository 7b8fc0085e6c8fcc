import { maskIban, type TBankAccount, type TBankDetails, type TPendingRefundChange } from '@mutua/contracts/bank-details';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, bankDetailsChanges, beneficiaries, contracts, members, sepaMandates, type BankAccount, type BankDetailsChange } from '../../db/schema';
import { tenantOfMember } from '../../db/protected-fields';
import { parisDate } from '../../lib/clock';
import { openAccount, openChange, openMandateIban } from './sealed-rows';

/* The accounts in force as the member reads them: masked, with the refund changes being checked and the mandate in force. */

/** An account as the member reads it: holder, bank and the IBAN masked but for its last four characters. */
const maskedAccount = (row: { holder: string; bankName: string | null; iban: string }) => ({
  holder: row.holder,
  bankName: row.bankName,
  ibanMasked: maskIban(row.iban),
  ibanLast4: row.iban.slice(-4),
});

function accountView(row: BankAccount): TBankAccount {
  return { ...maskedAccount(row), bic: row.bic, updatedAt: row.updatedAt.toISOString() };
}

function pendingView(row: BankDetailsChange): TPendingRefundChange {
  return { changeId: row.id, requestId: row.requestId, ...maskedAccount(row), sentOn: parisDate(row.createdAt) };
}

/** A refund account change being checked (REQUEST_SENT): never in force, never read for a payment. */
export const pendingRefunds = (memberId: string) =>
  and(eq(bankDetailsChanges.memberId, memberId), eq(bankDetailsChanges.usage, 'refund'), eq(bankDetailsChanges.status, 'REQUEST_SENT'));

/** The global details' insured.ribInformations.rib: the main insured's refund account, masked (null: none). */
export async function ribInformation(db: Db, memberId: string): Promise<TBankAccount | null> {
  const [row] = await db
    .select({ account: bankAccounts, tenantId: members.tenantId })
    .from(bankAccounts)
    .innerJoin(members, eq(members.id, bankAccounts.memberId))
    .where(and(eq(bankAccounts.memberId, memberId), eq(bankAccounts.usage, 'refund'), eq(bankAccounts.familyPosition, 1)));
  return row ? accountView(await openAccount(db, row.tenantId, row.account)) : null;
}

/** GET /api/bank-details. */
export async function loadBankDetails(db: Db, memberId: string): Promise<TBankDetails> {
  const [tenantId, storedAccounts, people, mandate, contract, storedPending] = await Promise.all([
    tenantOfMember(db, memberId),
    db.select().from(bankAccounts).where(eq(bankAccounts.memberId, memberId)),
    db
      .select({ familyPosition: beneficiaries.familyPosition, firstName: beneficiaries.firstName, surName: beneficiaries.surName })
      .from(beneficiaries)
      .where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.insured, true)))
      .orderBy(asc(beneficiaries.familyPosition)),
    db
      .select({ id: sepaMandates.id, rum: sepaMandates.rum, signedAt: sepaMandates.signedAt, place: sepaMandates.place, iban: sepaMandates.iban })
      .from(sepaMandates)
      .where(and(eq(sepaMandates.memberId, memberId), isNull(sepaMandates.replacedAt)))
      .orderBy(desc(sepaMandates.signedAt))
      .limit(1),
    db
      .select({ kind: contracts.kind })
      .from(contracts)
      .where(and(eq(contracts.memberId, memberId), eq(contracts.familyPosition, 1)))
      .limit(1),
    db.select().from(bankDetailsChanges).where(pendingRefunds(memberId)),
  ]);
  const accounts = await Promise.all(storedAccounts.map((a) => openAccount(db, tenantId, a)));
  const pending = await Promise.all(storedPending.map((c) => openChange(db, c)));
  const pendingOf = (position: number) => {
    const row = pending.find((p) => p.familyPosition === position);
    return row ? pendingView(row) : null;
  };
  const find = (usage: 'contribution' | 'refund', position: number) => accounts.find((a) => a.usage === usage && a.familyPosition === position);
  const contribution = find('contribution', 1);
  const refund = find('refund', 1);
  const m = mandate[0];
  return {
    contribution: contribution ? accountView(contribution) : null,
    refund: refund ? accountView(refund) : null,
    pendingRefund: pendingOf(1),
    beneficiaries: people
      .filter((p) => p.familyPosition !== 1)
      .map((p) => {
        const own = find('refund', p.familyPosition);
        return {
          familyPosition: p.familyPosition,
          firstName: p.firstName,
          surName: p.surName,
          sameAsMain: !own,
          account: own ? accountView(own) : null,
          pending: pendingOf(p.familyPosition),
        };
      }),
    mandate: m
      ? { id: m.id, rum: m.rum, signedAt: m.signedAt.toISOString(), place: m.place, ibanMasked: maskIban(await openMandateIban(db, tenantId, m.id, m.iban)) }
      : null,
    contributionsDebited: contract[0]?.kind !== 'COLLECTIVE',
  };
}
