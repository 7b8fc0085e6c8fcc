import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { members } from '../src/db/schema';
import { parisDate } from '../src/lib/clock';
import { evaluateQuestionSet } from '../src/modules/assistant/evaluate';
import { QUESTION_SET } from '../src/modules/assistant/question-set';
import { DEMO_ACCOUNTS } from './support/auth';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers the member question set right first at least 80 % of the time, within the first three at least 95 %', async () => {
  expect(QUESTION_SET.length).toBeGreaterThanOrEqual(60);
  const [camille] = await t.database.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, 'mutua'), eq(members.membershipNumber, DEMO_ACCOUNTS.camille.membershipNumber)));
  const figures = await evaluateQuestionSet(
    { db: t.database.db, readCache: t.app.readCache },
    { id: 'mutua', name: 'Mutua Santé' },
    camille!.id,
    parisDate(new Date()),
  );
  const missed = figures.results.filter((r) => !r.top3).map((r) => `${r.question} → ${r.got.join(' | ')} (expected ${r.expected})`);
  expect(
    figures.top1,
    figures.results
      .filter((r) => !r.top1)
      .map((r) => r.question)
      .join('; '),
  ).toBeGreaterThanOrEqual(0.8);
  expect(figures.top3, missed.join('\n')).toBeGreaterThanOrEqual(0.95);
  // The questions nothing answers are said to be so.
  expect(figures.results.filter((r) => r.expected === 'none').every((r) => !r.confident)).toBe(true);
}, 60_000);
