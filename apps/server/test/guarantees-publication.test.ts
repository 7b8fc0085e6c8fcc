import { parisIsoDate } from '@mutua/contracts/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowanceCounters, auditEvents, refunds } from '../src/db/schema';
import { DEMO_ACCOUNTS, signIn, type AuthClient } from './support/auth';
import { memberIdOf } from './support/database';
import { createTestApp, type TestApp } from './support/test-app';
import { addManager, staffSessions } from './support/staff-clients';
import { sendRefundClaim } from './support/member-requests';

// Allowances through the refunds the back office publishes: consumed in the publishing transaction,
// given back when the refund is cancelled, and never twice the last session (run on PostgreSQL too).

let t: TestApp;
let camille: AuthClient;
let camilleId: string;
const today = parisIsoDate();
const SECOND_MANAGER = { email: 'manager3@gestion.localhost', totp: 'JBSWY3DPEHPK3PXPMANAGERCCCCCCCCC' };

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
  camilleId = await memberIdOf(t.database.db, 'mutua', DEMO_ACCOUNTS.camille.membershipNumber);
  await addManager(t, { ...SECOND_MANAGER, displayName: 'Marc Manager' });
});
afterAll(() => t.close());

const { signedIn: staffClient, demo } = staffSessions(() => t);

/** Camille's osteopathy claim (60 €, today) through the member API (no Sécurité sociale statement: it pays none); its case id. */
const osteopathyClaim = (): Promise<string> =>
  sendRefundClaim(camille, { actCode: 'OSTEOPATHIE', familyPosition: '1', careDate: today, amount: '60,00', sessionMode: 'single', comment: 'Séance' });

/** The agent proposes what the engine computed from the claim (with a correction, if given). */
async function propose(caseId: string, correction: { amcCents: number; reason: string } | null = null) {
  const agent = await demo('agent');
  const defaults = (await agent.get(`/api/bo/cases/${caseId}/refund`)).json().data.defaults;
  const res = await agent.post('/api/bo/refunds', {
    caseId,
    familyPosition: defaults.familyPosition,
    careDate: defaults.careDate,
    lines: defaults.proposal.inputs.map((l: object) => ({ ...l, correction })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { approvalId: res.json().data.id as string, engine: defaults.proposal.lines[0] };
}

const osteo = async () =>
  (
    (await camille.get('/api/guarantees/allowances?familyPosition=1')).json().data.allowances as {
      guaranteeCode: string;
      used: number;
      remaining: number;
      sentence: string;
    }[]
  ).find((a) => a.guaranteeCode === 'MEDECINES_DOUCES')!;

describe('allowances consumed by a publication, given back by a cancellation', () => {
  it('publishes the third session: the proposal is the engine’s, the member reads it explained and sees none left; cancelling gives it back', async () => {
    expect(await osteo()).toMatchObject({ used: 2, remaining: 1 });
    const caseId = await osteopathyClaim();
    const { approvalId, engine } = await propose(caseId);
    expect(engine).toMatchObject({ actCode: 'OSTEOPATHIE', amoNetCents: 0, amcCents: 3000, remainingCents: 3000, allowance: { remainingAfter: 0 } });
    // Proposed only: nothing used yet.
    expect(await osteo()).toMatchObject({ used: 2, remaining: 1 });

    const approved = await (await demo('manager')).post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' });
    expect(approved.statusCode, approved.body).toBe(200);
    const refundId = approved.json().data.refundId as string;
    const detail = (await camille.get(`/api/refunds/${refundId}`)).json().data;
    expect(detail.acts[0]).toMatchObject({
      actCode: 'OSTEOPATHIE',
      amcCents: 3000,
      remainingCents: 3000,
      explanation: engine.explanation,
      engineVersion: engine.engineVersion,
    });
    expect(detail.acts[0].explanation).toContain('3 séances');
    const after = await osteo();
    expect(after).toMatchObject({ used: 3, remaining: 0 });
    expect(after.sentence).toContain('il vous reste 0 séance sur 3');

    // Cancelling: a manager only, with a reason; other tenants never; then the session is back.
    const agent = await demo('agent');
    expect((await agent.post(`/api/bo/refunds/${refundId}/cancel`, { reason: 'Facture en double' })).statusCode).toBe(403);
    expect((await (await demo('azurAgent')).post(`/api/bo/refunds/${refundId}/cancel`, { reason: 'Facture en double' })).statusCode).toBe(403);
    const manager = await demo('manager');
    const noReason = await manager.post(`/api/bo/refunds/${refundId}/cancel`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Indiquez le motif de l’annulation');
    expect(await osteo()).toMatchObject({ used: 3 });
    const cancelled = await manager.post(`/api/bo/refunds/${refundId}/cancel`, { reason: 'Facture en double' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await osteo()).toMatchObject({ used: 2, remaining: 1 });
    expect((await camille.get(`/api/refunds/${refundId}`)).statusCode).toBe(404);
    expect((await manager.post(`/api/bo/refunds/${refundId}/cancel`, { reason: 'Facture en double' })).statusCode).toBe(404);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'BO_REFUND_CANCELLED'), eq(auditEvents.memberId, camilleId)));
    expect(audit?.details).toMatchObject({ refundId, reason: 'Facture en double' });
  });

  it('a corrected line shows the engine’s figure beside the correction to the approving manager, and is audited', async () => {
    const caseId = await osteopathyClaim();
    const { approvalId } = await propose(caseId, { amcCents: 2500, reason: 'Geste commercial limité' });
    const listed = (
      (await (await demo('manager')).get('/api/bo/approvals')).json().data as { id: string; refund: { lines: unknown[]; productCents: number } }[]
    ).find((a) => a.id === approvalId)!;
    expect(listed.refund.productCents).toBe(2500);
    expect(listed.refund.lines[0]).toMatchObject({ amcCents: 3000, correction: { amcCents: 2500, reason: 'Geste commercial limité' } });
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'BO_REFUND_LINE_CORRECTED'));
    expect(audit?.details).toMatchObject({ approvalId, engineAmcCents: 3000, correctedAmcCents: 2500, reason: 'Geste commercial limité' });
    const approved = await (await demo('manager')).post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' });
    expect(approved.statusCode, approved.body).toBe(200);
    const act = (await camille.get(`/api/refunds/${approved.json().data.refundId}`)).json().data.acts[0];
    expect(act).toMatchObject({ amcCents: 2500, remainingCents: 3500, correction: { engineAmcCents: 3000, reason: 'Geste commercial limité' } });
    // Cancelled again, so that the next test starts with one session left.
    expect(
      (await (await demo('manager')).post(`/api/bo/refunds/${approved.json().data.refundId}/cancel`, { reason: 'Retour à l’état initial' })).statusCode,
    ).toBe(200);
  });

  it('two approvals of the last session at once: one publishes, the other is refused and publishes nothing', async () => {
    expect(await osteo()).toMatchObject({ used: 2, remaining: 1 });
    const first = await propose(await osteopathyClaim());
    const second = await propose(await osteopathyClaim());
    expect(first.engine.amcCents).toBe(3000);
    expect(second.engine.amcCents).toBe(3000);
    const before = (await t.database.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.memberId, camilleId))).length;
    const managers = [await demo('manager'), await staffClient(SECOND_MANAGER.email, SECOND_MANAGER.totp)];
    const answers = await Promise.all([first, second].map((p, i) => managers[i]!.post(`/api/bo/approvals/${p.approvalId}`, { decision: 'APPROVE' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.code).toBe('ALLOWANCE_CHANGED');
    expect((await t.database.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.memberId, camilleId))).length).toBe(before + 1);
    const [counter] = await t.database.db
      .select()
      .from(allowanceCounters)
      .where(and(eq(allowanceCounters.memberId, camilleId), eq(allowanceCounters.guaranteeCode, 'MEDECINES_DOUCES'), eq(allowanceCounters.familyPosition, 1)));
    expect(counter).toMatchObject({ used: 3, max: 3 });
  });
});
