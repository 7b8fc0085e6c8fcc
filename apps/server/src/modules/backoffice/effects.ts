import { caseEffectOf, caseRefusalText, type CaseEffect } from '@mutua/contracts/backoffice-approvals';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { acceptBeneficiaryAddition } from '../account/public';
import { acceptRefundBankChange, refuseRefundBankChange } from '../bank-details/public';
import { findCaseRow, moveCaseStep, replyToCase, type CaseRow } from './cases';

/*
 * A case's decision: accepting a beneficiary addition adds the person to the family
 * (account module), accepting a refund account change puts it in force (bank-details module: until then
 * the member's change is only « en cours de vérification »); refusing answers the member with the reason
 * (and a refused refund account change leaves the account in force as it was). Either closes the case (« Traité »), once: the case row is locked
 * and must still be open, so a second click or a colleague's decision is a 409 that changes nothing.
 */

type CaseInput = { requestId: string; memberId: string; now: Date };
type Effect = (tx: Db, input: CaseInput) => Promise<{ familyPosition: number } | null>;
const EFFECTS: Record<CaseEffect, Effect> = {
  add_beneficiary: acceptBeneficiaryAddition,
  refund_bank_details: acceptRefundBankChange,
};
/** What a refusal does beyond the answer and « Traité » (a beneficiary addition: nothing, the request's status says it). */
const REFUSALS: Partial<Record<CaseEffect, (tx: Db, input: CaseInput) => Promise<void>>> = {
  refund_bank_details: refuseRefundBankChange,
};

function decidable(row: CaseRow | null): { row: CaseRow; effect: CaseEffect } {
  if (!row) throw new AppError('NOT_FOUND');
  const effect = caseEffectOf(row.type, row.type_code);
  if (!effect) throw new AppError('CASE_NO_EFFECT');
  if (row.state !== 'OPEN') throw new AppError('CASE_ALREADY_DECIDED');
  return { row, effect };
}

/** Locks the case row; refused if it was closed meanwhile. */
async function lockOpen(tx: Db, caseId: string) {
  const result = await tx.execute(sql`select state from cases where request_id = ${caseId} for update`);
  const state = (result as unknown as { rows: { state: string }[] }).rows[0]?.state;
  if (state !== 'OPEN') throw new AppError('CASE_ALREADY_DECIDED');
}

/** POST /bo/cases/{id}/accept. */
export async function acceptCase(db: Db, staffId: string, caseId: string, now: Date) {
  const { row, effect } = decidable(await findCaseRow(db, staffId, caseId));
  const familyPosition = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockOpen(tx, row.request_id);
    const done = await EFFECTS[effect](tx, { requestId: row.request_id, memberId: row.member_id, now });
    if (!done) throw new AppError('CASE_NO_EFFECT');
    await moveCaseStep(tx, staffId, row.request_id, 'done', now, { decided: true });
    return done.familyPosition;
  });
  return { row, effect, familyPosition };
}

/** POST /bo/cases/{id}/refuse: the reason in the member's thread, the mail queued with it, the case closed. */
export async function refuseCase(db: Db, staffId: string, found: CaseRow | null, reason: string, now: Date, mail: (tx: Db) => Promise<void>) {
  const { row, effect } = decidable(found);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockOpen(tx, row.request_id);
    await REFUSALS[effect]?.(tx, { requestId: row.request_id, memberId: row.member_id, now });
    const answered = await replyToCase(tx, staffId, row.request_id, caseRefusalText(reason), now);
    await moveCaseStep(tx, staffId, row.request_id, 'done', now, { decided: true });
    await mail(tx);
    return { messageId: answered!.messageId };
  });
}
