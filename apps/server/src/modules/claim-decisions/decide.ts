import { AUTO_DECISION_REASON_LABELS, autoDecisionReasons, drawnForPostCheck, type AutoDecisionReason, type ClaimFacts } from '@mutua/contracts/auto-decision';
import { formatEuros, frenchDateWords } from '@mutua/contracts/french-format';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { claimDecisions } from '../../db/schema';
import type { JobPolicy } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { claimLineOf } from '../guarantees/public';
import { computeLinesFor, publishClaim, type ComputedLines } from '../guarantees/public';
import type { AppServices } from '../../core/module';
import { hasSimilarClaim, invoiceOf, loadSentClaim } from './claim';
import { readConfidenceOf, type InvoiceReader } from './invoice-reading';
import { advanceClaim, prepareMemberMail, tellInThread } from './member-notice';
import { currentRuleSet } from './rules';

/*
 * The decision of a sent refund claim, run by the job queue (at least once: the claim_decisions row,
 * written in the decision's transaction, makes a second run do nothing). A standard claim is published
 * through the guarantees engine — lines, statement, allowances consumed — and the member is told; any
 * other stays in the agents' queue with the engine's proposal and the reasons. Each decision is audited
 * with the version of the rules it applied.
 */

/**
 * Polled every second: sending to the refund shown is bounded by this interval plus the decision (the
 * job is also woken at once on the sending instance).
 */
export const CLAIM_DECISION_POLICY: JobPolicy = { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 300, pollingIntervalSeconds: 1 };

export type ClaimDecisionJob = { requestId: string; origin: string };

export type DecisionDeps = Pick<
  AppServices,
  'db' | 'clock' | 'audit' | 'directory' | 'notifier' | 'jobs' | 'secret' | 'counters' | 'sessions' | 'publicUrl' | 'log'
> & {
  readInvoice: InvoiceReader;
  /** Uniform in [0, 1): the post-check draw. */
  random: () => number;
};

export type DecisionOutcome = { outcome: 'AUTOMATIC' | 'MANUAL'; reasons: AutoDecisionReason[]; refundId: string | null; postCheck: boolean } | null;

export async function decideClaim(deps: DecisionDeps, job: ClaimDecisionJob): Promise<DecisionOutcome> {
  const { db, clock } = deps;
  const [already] = await db.select({ id: claimDecisions.requestId }).from(claimDecisions).where(eq(claimDecisions.requestId, job.requestId));
  if (already) return null;
  const claim = await loadSentClaim(db, job.requestId);
  if (!claim) return null; // deleted with the member's data meanwhile
  const { version, rules } = await currentRuleSet(db, claim.tenantId);
  const line = claimLineOf(claim);
  const who = { tenantId: claim.tenantId, memberId: claim.memberId, familyPosition: claim.familyPosition };

  let computed: ComputedLines | null = null;
  try {
    computed = await computeLinesFor(db, who, claim.careDate, [line]);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  const invoice = rules.enabled && rules.minReadConfidence > 0 ? await invoiceOf(db, claim) : null;
  const facts: ClaimFacts = {
    actCode: claim.actCode,
    amountCents: claim.amountCents,
    duplicate: await hasSimilarClaim(db, claim),
    readConfidence: invoice ? readConfidenceOf(await deps.readInvoice(invoice), claim) : null,
    covered: computed !== null,
    allowanceAvailable: !computed?.results.some((r) => r.capsApplied.some((c) => c.code === 'CONTRACT_LIMIT' && c.afterCents < c.beforeCents)),
    refundCents: computed?.totals.amcCents ?? 0,
  };
  const reasons = autoDecisionReasons(rules, facts);
  const proposal = computed ? { inputs: [line], lines: computed.lines, totals: computed.totals, productCode: computed.cover.product.code } : null;
  const now = clock.now();

  if (reasons.length === 0 && computed) {
    const postCheck = drawnForPostCheck(rules, deps.random());
    const amount = formatEuros(computed.totals.amcCents);
    const lines = [
      `Votre demande de remboursement du ${frenchDateWords(claim.careDate)} est acceptée\u00a0: ${amount} vous sont remboursés.`,
      'Le détail du calcul est dans « Mes remboursements »\u00a0; nous vous indiquerons la date du virement dès son émission.',
    ];
    const mail = await prepareMemberMail(
      deps,
      { tenantId: claim.tenantId, memberId: claim.memberId, origin: job.origin },
      `Votre remboursement de ${amount} est validé`,
      lines,
    );
    try {
      const refundId = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [won] = await tx
          .insert(claimDecisions)
          .values({
            requestId: claim.requestId,
            tenantId: claim.tenantId,
            memberId: claim.memberId,
            outcome: 'AUTOMATIC',
            ruleVersion: version,
            proposal,
            refundCents: computed.totals.amcCents,
            decidedAt: now,
            postCheck: postCheck ? 'PENDING' : null,
          })
          .onConflictDoNothing()
          .returning({ id: claimDecisions.requestId });
        if (!won) return null;
        // Computed again with the counters locked; a use since the reading above refuses it (ALLOWANCE_CHANGED).
        const refund = await publishClaim(tx, { ...who, careDate: claim.careDate, lines: [line] }, now, {
          expectedAmcCents: computed.lines.map((l) => l.amcCents),
        });
        await tx.update(claimDecisions).set({ refundId: refund.id }).where(eq(claimDecisions.requestId, claim.requestId));
        await advanceClaim(tx, claim.requestId, claim.typeCode, ['check_done', 'done'], now);
        await tellInThread(tx, claim.requestId, lines.join('\n'), now);
        await mail(tx);
        return refund.id;
      });
      if (!refundId) return null;
      deps.notifier.wake();
      await deps.audit.record({
        kind: 'CLAIM_DECIDED_AUTOMATICALLY',
        tenantId: claim.tenantId,
        memberId: claim.memberId,
        details: { requestId: claim.requestId, refundId, ruleVersion: version, refundCents: computed.totals.amcCents, postCheck },
      });
      return { outcome: 'AUTOMATIC', reasons: [], refundId, postCheck };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'ALLOWANCE_CHANGED') throw error;
      reasons.push('ALLOWANCE_EXHAUSTED');
    }
  }

  const [won] = await db
    .insert(claimDecisions)
    .values({
      requestId: claim.requestId,
      tenantId: claim.tenantId,
      memberId: claim.memberId,
      outcome: 'MANUAL',
      ruleVersion: version,
      reasons,
      proposal,
      refundCents: computed?.totals.amcCents ?? 0,
      decidedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: claimDecisions.requestId });
  if (!won) return null;
  await deps.audit.record({
    kind: 'CLAIM_SENT_TO_AGENT',
    tenantId: claim.tenantId,
    memberId: claim.memberId,
    details: { requestId: claim.requestId, ruleVersion: version, reasons: reasons.map((r) => `${r}: ${AUTO_DECISION_REASON_LABELS[r]}`) },
  });
  return { outcome: 'MANUAL', reasons, refundId: null, postCheck: false };
}
