import { bankOfIban, maskIban, type TBankDetailsChangeResult } from '@mutua/contracts/bank-details';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, bankDetailsChanges, beneficiaries, type BankDetailsChange } from '../../db/schema';
import type { InspectedUpload } from '../../http/upload-check';
import { AppError } from '../../lib/app-error';
import { ibanLookupHash } from '../../db/protected-fields';
import type { ActiveSession, RequestContext } from '../auth/public';
import { presentMandate, type BankDeps } from './mandate';
import type { ChangeFields, PreparedChange } from './prepared-change';
import { requestRefundChange } from './refund-account';
import { openChange } from './sealed-rows';

/*
 * A change of bank details (POST /api/bank-details/changes): the person and the copy of the RIB checked,
 * the new IBAN compared with the account in force, then by use — a refund account change is a request
 * to the insurer (refund-account.ts), a contribution account change a SEPA mandate to sign (mandate.ts).
 */

/** POST /api/bank-details/changes. */
export async function createChange(
  deps: BankDeps,
  ctx: RequestContext,
  session: ActiveSession,
  fields: ChangeFields,
  files: readonly InspectedUpload[],
  idempotencyKey: string | null,
): Promise<TBankDetailsChangeResult> {
  const memberId = session.memberId;
  const now = deps.clock.now();
  const [person] = await deps.db
    .select({ id: beneficiaries.id, firstName: beneficiaries.firstName, surName: beneficiaries.surName })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.familyPosition, fields.familyPosition), eq(beneficiaries.insured, true)));
  if (!person) throw new AppError('NOT_FOUND');
  if (files.length === 0) throw new AppError('BANK_DOCUMENT_REQUIRED');

  // The account in force for that use: the person's own, else (a beneficiary's refunds) the main insured's.
  // Compared by their keyed hashes: the IBANs are stored encrypted.
  const ibanHash = await ibanLookupHash(deps.db, ctx.tenant.id, fields.iban);
  const current = await deps.db
    .select({ ibanHmac: bankAccounts.ibanHmac, familyPosition: bankAccounts.familyPosition })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.memberId, memberId), eq(bankAccounts.usage, fields.target)));
  const inForce =
    current.find((a) => a.familyPosition === fields.familyPosition) ?? (fields.target === 'refund' ? current.find((a) => a.familyPosition === 1) : undefined);
  const base = { tenantId: ctx.tenant.id, memberId, ip: ctx.ip };
  const refused = async (error: AppError) => {
    const reason = error.code === 'BANK_CHANGE_PENDING' ? 'CHANGE_PENDING' : 'IBAN_IN_USE';
    await deps.audit.record({ kind: 'BANK_DETAILS_REFUSED', ...base, details: { target: fields.target, familyPosition: fields.familyPosition, reason } });
    return error;
  };
  if (inForce?.ibanHmac === ibanHash && fields.target !== 'refund') throw await refused(new AppError('BANK_IBAN_IN_USE'));
  const bank = bankOfIban(fields.iban);
  const bic = fields.bic || bank?.bic || null;
  const account = { holder: fields.holder, iban: fields.iban, bic, bankName: bank?.name ?? null };
  const audited = { target: fields.target, familyPosition: fields.familyPosition, iban: maskIban(fields.iban) };
  const change: PreparedChange = { memberId, now, fields, files, person, ibanHash, inForce, account, audited, base, refused };
  return fields.target === 'refund' ? requestRefundChange(deps, ctx, change, idempotencyKey) : presentMandate(deps, ctx, session, change);
}

/** The member's change, whatever its state (null: not theirs or unknown → 404). */
export async function changeOf(db: Db, memberId: string, changeId: string): Promise<BankDetailsChange | null> {
  const [row] = await db
    .select()
    .from(bankDetailsChanges)
    .where(and(eq(bankDetailsChanges.id, changeId), eq(bankDetailsChanges.memberId, memberId)));
  return row ? openChange(db, row) : null;
}
