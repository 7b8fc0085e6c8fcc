import type { TCaseBankChange } from '@mutua/contracts/backoffice';
import { BANK_DETAILS_TEXTS, formatIban, maskIban, type TBankDetailsChangeResult } from '@mutua/contracts/bank-details';
import { capitalizeName } from '@mutua/contracts/names';
import { MESSAGE_KIND_CODES } from '@mutua/contracts/requests';
import { and, eq, gt } from 'drizzle-orm';
import type { AppServices } from '../../core/module';
import type { Db } from '../../db/client';
import { bankAccounts, bankDetailsChanges } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../lib/app-error';
import type { RequestContext } from '../auth/public';
import { submitMemberRequest } from '../requests/public';
import { pendingRefunds } from './accounts';
import type { PreparedChange } from './prepared-change';
import { openAccount, openChange, sealChange, upsertAccount } from './sealed-rows';

/*
 * A change of refund account: a request to the insurer (10023 for the main insured, 10032 for a
 * beneficiary) with the copy of the RIB, « en cours de vérification » and never in force until the
 * management centre accepts it from the back office; one change being checked per person at a time.
 */

/** The refund-account branch of POST /api/bank-details/changes. */
export async function requestRefundChange(
  deps: Pick<AppServices, 'db' | 'audit'>,
  ctx: RequestContext,
  change: PreparedChange,
  idempotencyKey: string | null,
): Promise<TBankDetailsChangeResult> {
  const { memberId, now, fields, files, person, ibanHash, inForce, account, audited, base, refused } = change;
  const bic = account.bic;
  // The checks: the IBAN in force, and the change already being checked for that person (one at a time).
  // They read inside the submission, after its replay lookup: the same form sent again with its key
  // answers the first result although that change is now pending.
  const refundCheck = async (db: Pick<Db, 'select'>) => {
    if (inForce?.ibanHmac === ibanHash) return new AppError('BANK_IBAN_IN_USE');
    const [open] = await db
      .select({ ibanHmac: bankDetailsChanges.ibanHmac })
      .from(bankDetailsChanges)
      .where(and(pendingRefunds(memberId), eq(bankDetailsChanges.familyPosition, fields.familyPosition)));
    if (open?.ibanHmac === ibanHash) return new AppError('BANK_IBAN_IN_USE', BANK_DETAILS_TEXTS.ibanPending);
    if (open) return new AppError('BANK_CHANGE_PENDING');
    return null;
  };
  if (!idempotencyKey) {
    const fault = await refundCheck(deps.db);
    if (fault) throw await refused(fault);
  }
  const forBeneficiary = fields.familyPosition !== 1;
  const who = `${capitalizeName(person.firstName)} ${capitalizeName(person.surName)}`;
  const submitted = await submitMemberRequest<TBankDetailsChangeResult>(
    deps.db,
    {
      memberId,
      typeCode: forBeneficiary ? MESSAGE_KIND_CODES.rib_beneficiary : MESSAGE_KIND_CODES.rib,
      title: forBeneficiary ? `Changement de RIB de ${who}` : 'Changement de coordonnées bancaires (remboursements)',
      beneficiaryId: forBeneficiary ? person.id : null,
      message: `Nouveau compte de remboursement de ${who}\u00a0: titulaire ${fields.holder}, IBAN ${maskIban(fields.iban)}${bic ? `, BIC ${bic}` : ''}. Copie du RIB jointe.`,
      files,
    },
    {
      idempotencyKey,
      now,
      details: async (tx, created) => {
        // No audit here: the transaction holds the connection (PGlite has one); audited below.
        const fault = await refundCheck(tx);
        if (fault) throw fault;
        // Being checked: not in force (the account in force is untouched until the back office accepts it).
        const [change] = await tx
          .insert(bankDetailsChanges)
          .values({
            tenantId: ctx.tenant.id,
            memberId,
            usage: 'refund',
            familyPosition: fields.familyPosition,
            ...(await sealChange(tx, ctx.tenant.id, account)),
            status: 'REQUEST_SENT',
            requestId: created.requestId,
            createdAt: now,
            expiresAt: now,
          })
          .returning({ id: bankDetailsChanges.id });
        return { status: 'REQUEST_SENT' as const, changeId: change!.id, requestId: created.requestId };
      },
    },
  ).catch(async (error: unknown) => {
    if (error instanceof AppError && (error.code === 'BANK_IBAN_IN_USE' || error.code === 'BANK_CHANGE_PENDING')) throw await refused(error);
    // Two different changes sent at the same moment: the unique index keeps one pending.
    if (isUniqueViolation(error)) throw await refused(new AppError('BANK_CHANGE_PENDING'));
    throw error;
  });
  if (!submitted.replayed) await deps.audit.record({ kind: 'BANK_DETAILS_CHANGE_REQUESTED', ...base, details: audited });
  return submitted.data;
}

type CaseInput = { requestId: string; memberId: string; now: Date };

/**
 * The insurer accepted a refund account change (10023, 10032, from the back office) after checking the
 * copy of the RIB: the change is ACCEPTED and its account is the one in force for that person from now
 * on. Runs in the caller's transaction (the case row locked); null when the request carries no refund
 * change of this member being checked.
 */
export async function acceptRefundBankChange(tx: Db, input: CaseInput): Promise<{ familyPosition: number } | null> {
  const [stored] = await tx
    .select()
    .from(bankDetailsChanges)
    .where(and(eq(bankDetailsChanges.requestId, input.requestId), eq(bankDetailsChanges.memberId, input.memberId), eq(bankDetailsChanges.usage, 'refund')));
  if (!stored) return null;
  const change = await openChange(tx, stored);
  // Sent before migration 0118, when a change was in force at once: nothing more to do.
  if (change.status === 'ACCEPTED') return { familyPosition: change.familyPosition };
  const [accepted] = await tx
    .update(bankDetailsChanges)
    .set({ status: 'ACCEPTED', closedAt: input.now })
    .where(and(eq(bankDetailsChanges.id, change.id), eq(bankDetailsChanges.status, 'REQUEST_SENT')))
    .returning({ id: bankDetailsChanges.id });
  if (!accepted) return null;
  // A later change for the same person already accepted stays in force: accepting an older one never brings its account back.
  const [later] = await tx
    .select({ id: bankDetailsChanges.id })
    .from(bankDetailsChanges)
    .where(
      and(
        eq(bankDetailsChanges.memberId, input.memberId),
        eq(bankDetailsChanges.usage, 'refund'),
        eq(bankDetailsChanges.familyPosition, change.familyPosition),
        eq(bankDetailsChanges.status, 'ACCEPTED'),
        gt(bankDetailsChanges.createdAt, change.createdAt),
      ),
    )
    .limit(1);
  if (!later)
    await upsertAccount(
      tx,
      input.memberId,
      'refund',
      change.familyPosition,
      { holder: change.holder, iban: change.iban, bic: change.bic, bankName: change.bankName },
      input.now,
    );
  return { familyPosition: change.familyPosition };
}

/**
 * The insurer refused it (the reason goes to the member's thread, see the back office): the change is
 * REFUSED, the account in force stays the one it was, the member may send another change. Runs in the
 * caller's transaction.
 */
export async function refuseRefundBankChange(tx: Db, input: CaseInput): Promise<void> {
  await tx
    .update(bankDetailsChanges)
    .set({ status: 'REFUSED', closedAt: input.now })
    .where(
      and(
        eq(bankDetailsChanges.requestId, input.requestId),
        eq(bankDetailsChanges.memberId, input.memberId),
        eq(bankDetailsChanges.usage, 'refund'),
        eq(bankDetailsChanges.status, 'REQUEST_SENT'),
      ),
    );
}

/**
 * The refund account change a case carries, for the agent who checks it against the copy of the RIB:
 * the whole IBAN (staff only, never in the member's thread), the account in force then (masked).
 */
export async function refundChangeOfCase(db: Db, input: { requestId: string; memberId: string }): Promise<TCaseBankChange | null> {
  const [stored] = await db
    .select()
    .from(bankDetailsChanges)
    .where(and(eq(bankDetailsChanges.requestId, input.requestId), eq(bankDetailsChanges.memberId, input.memberId), eq(bankDetailsChanges.usage, 'refund')));
  if (!stored || !(stored.status === 'REQUEST_SENT' || stored.status === 'ACCEPTED' || stored.status === 'REFUSED')) return null;
  const change = await openChange(db, stored);
  const storedAccounts = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.memberId, input.memberId), eq(bankAccounts.usage, 'refund')));
  const accounts = await Promise.all(storedAccounts.map((a) => openAccount(db, change.tenantId, a)));
  const inForce = accounts.find((a) => a.familyPosition === change.familyPosition) ?? accounts.find((a) => a.familyPosition === 1);
  return {
    holder: change.holder,
    iban: formatIban(change.iban),
    bic: change.bic,
    bankName: change.bankName,
    status: stored.status,
    inForceIbanMasked: inForce ? maskIban(inForce.iban) : null,
  };
}
