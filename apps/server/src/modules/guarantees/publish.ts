import type { OperationType, PaymentTarget } from '@mutua/contracts/refunds';
import type { IsoDate } from '@mutua/contracts/guarantees';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { allowanceCounters, allowanceUses } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { publishRefund } from '../refunds/public';
import { counterPosition, periodOf } from './cover';
import { computeLinesFor, type ClaimLineInput, type ComputedLines } from './lines';

/*
 * A refund's publication through the engine: the lines computed again in the publishing transaction
 * with the counters locked, the refund written with the engine's figures, then each allowance it uses
 * consumed by a conditional update. Two publications of the last session at once: the second waits on
 * the lock, then computes with the session used (and, from the back office, is refused as changed).
 */

/** The staff's proposal of the mutuelle's part of a line, when it differs from the engine's. */
export type LineCorrection = { amcCents: number; reason: string };

/** The family of the refunds filter of an engine act family. */
export function operationTypeOf(family: string): OperationType {
  if (family === 'CONSULTATION') return 'consultation';
  if (family.startsWith('PHARMACIE') || family === 'VACCIN') return 'pharmacy';
  if (family === 'BIOLOGIE' || family === 'RADIOLOGIE') return 'analysis';
  if (family.startsWith('DENTAIRE')) return 'dental';
  if (family.startsWith('OPTIQUE')) return 'optical';
  if (family === 'AUDIO') return 'hearing';
  if (family.startsWith('HOSPIT')) return 'hospital';
  if (family === 'MEDECINES_DOUCES') return 'alternative_medicine';
  return 'paramedical';
}

export type Claim = {
  tenantId: string;
  memberId: string;
  familyPosition: number;
  careDate: IsoDate;
  lines: readonly (ClaimLineInput & { correction?: LineCorrection | null })[];
};

export type PublishOptions = {
  /** The engine's mutuelle amounts the approver saw: publishing anything else is refused (allowance used meanwhile). */
  expectedAmcCents?: readonly number[];
  /** Demo data only: a statement of another day, number and payee. */
  statement?: { paymentDate: IsoDate; reference: string; paymentTarget: PaymentTarget; thirdPartyName: string | null };
};

export async function publishClaim(
  tx: Db,
  claim: Claim,
  now: Date,
  opts: PublishOptions = {},
): Promise<{ id: string; reference: string; computed: ComputedLines }> {
  const computed = await computeLinesFor(tx, claim, claim.careDate, claim.lines, { lockCounters: true });
  if (opts.expectedAmcCents && computed.lines.some((l, i) => l.amcCents !== opts.expectedAmcCents![i])) throw new AppError('ALLOWANCE_CHANGED');
  const families = claim.lines.map((l) => computed.tariffs.acts.get(l.actCode)!.family);
  const refund = await publishRefund(
    tx,
    {
      memberId: claim.memberId,
      beneficiaryId: computed.cover.beneficiaryId,
      actFamily: operationTypeOf(families[0]!),
      actWording: computed.lines.length === 1 ? computed.lines[0]!.label : `${computed.lines[0]!.label} (${computed.lines.length} actes)`,
      careDate: claim.careDate,
      lines: computed.lines.map((l, i) => ({ ...l, careDate: claim.careDate, correction: claim.lines[i]!.correction ?? null })),
    },
    now,
    opts.statement,
  );
  await consumeAllowances(tx, refund.id, computed, families);
  return { ...refund, computed };
}

/**
 * Takes what the refund's lines use from their counters (opening the period's counter on first use).
 * The update is conditional (used + amount ≤ max) and the table checks it too: a counter never passes
 * its max, whatever runs at the same time.
 */
async function consumeAllowances(tx: Db, refundId: string, computed: ComputedLines, families: readonly string[]): Promise<void> {
  const { cover, tariffs } = computed;
  const taken = new Map<string, number>();
  for (const [i, result] of computed.results.entries()) {
    for (const use of result.allowanceUses) {
      if (use.amount <= 0) continue;
      const guarantee = cover.product.guarantees.find((g) => g.code === use.guaranteeCode)!;
      const limit = guarantee.limits![use.limitIndex]!;
      const position = counterPosition(limit, cover.familyPosition);
      const existing = computed.usage.counters.find(
        (c) => c.guaranteeCode === use.guaranteeCode && c.limitIndex === use.limitIndex && c.familyPosition === position,
      );
      let counterId = existing?.id;
      if (!counterId) {
        const period = periodOf(limit, computed.careDate, {
          heldSince: cover.heldSince,
          age: cover.insured.age,
          family: families[i]!,
          parameters: tariffs.parameters,
        });
        await tx
          .insert(allowanceCounters)
          .values({
            memberId: cover.memberId,
            familyPosition: position,
            guaranteeCode: use.guaranteeCode,
            limitIndex: use.limitIndex,
            unit: limit.unit,
            periodStart: period.start,
            periodEnd: period.end,
            max: limit.max,
          })
          .onConflictDoNothing();
        const [row] = await tx
          .select({ id: allowanceCounters.id })
          .from(allowanceCounters)
          .where(
            and(
              eq(allowanceCounters.memberId, cover.memberId),
              eq(allowanceCounters.familyPosition, position),
              eq(allowanceCounters.guaranteeCode, use.guaranteeCode),
              eq(allowanceCounters.limitIndex, use.limitIndex),
              eq(allowanceCounters.periodStart, period.start),
            ),
          )
          .for('update');
        counterId = row!.id;
      }
      const [won] = await tx
        .update(allowanceCounters)
        .set({ used: sql`${allowanceCounters.used} + ${use.amount}` })
        .where(and(eq(allowanceCounters.id, counterId), sql`${allowanceCounters.used} + ${use.amount} <= ${allowanceCounters.max}`))
        .returning({ id: allowanceCounters.id });
      if (!won) throw new AppError('ALLOWANCE_CHANGED');
      taken.set(counterId, (taken.get(counterId) ?? 0) + use.amount);
    }
  }
  if (taken.size) await tx.insert(allowanceUses).values([...taken].map(([counterId, amount]) => ({ refundId, counterId, amount })));
}

/** Gives back what a refund took from the counters (its cancellation), in the caller's transaction. */
export async function giveBackAllowances(tx: Db, refundId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE ${allowanceCounters} c SET used = c.used - u.amount FROM ${allowanceUses} u WHERE u.counter_id = c.id AND u.refund_id = ${refundId}`,
  );
  await tx.delete(allowanceUses).where(eq(allowanceUses.refundId, refundId));
}
