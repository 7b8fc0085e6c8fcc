import type { TAssistantAnswer } from '@mutua/contracts/assistant';
import { QUESTION_SET, type Expected } from './question-set';
import { ask, type AssistantDeps } from './service';

export type QuestionResult = { question: string; expected: string; got: string[]; top1: boolean; top3: boolean; confident: boolean; ms: number };

const describe = (e: Expected) => ('faq' in e ? `faq: ${e.faq}` : 'screen' in e ? `screen: ${e.screen}` : 'member' in e ? `member: ${e.member}` : 'none');
const nameOf = (a: TAssistantAnswer) => (a.source.kind === 'faq' ? `faq: ${a.title}` : `${a.source.kind}: ${a.source.id}`);

function matches(answer: TAssistantAnswer | undefined, e: Expected): boolean {
  if (!answer) return false;
  if ('faq' in e) return answer.source.kind === 'faq' && answer.title.startsWith(e.faq);
  if ('screen' in e) return answer.source.kind === 'screen' && answer.source.id === e.screen;
  if ('member' in e) return answer.source.kind === 'member' && answer.source.id === e.member;
  return false;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Asks every question of the set (signed-in ones as `memberId`) `rounds` times: right at rank 1, within
 * the first 3 (a « none » question is right when the assistant says it is not confident), and the
 * time of each answer, p50 / p99 in milliseconds.
 */
export async function evaluateQuestionSet(deps: AssistantDeps, tenant: { id: string; name: string }, memberId: string, today: string, rounds = 1) {
  const results: QuestionResult[] = [];
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const c of QUESTION_SET) {
      const started = performance.now();
      const reply = await ask(deps, { tenant, memberId: c.signedIn ? memberId : null, today }, c.question);
      const ms = performance.now() - started;
      times.push(ms);
      if (round > 0) continue;
      const none = 'none' in c.expected;
      const top1 = none ? !reply.confident : matches(reply.answers[0], c.expected);
      const top3 = none ? !reply.confident : reply.answers.slice(0, 3).some((a) => matches(a, c.expected));
      results.push({ question: c.question, expected: describe(c.expected), got: reply.answers.map(nameOf), top1, top3, confident: reply.confident, ms });
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const share = (n: number) => n / results.length;
  return {
    results,
    questions: results.length,
    top1: share(results.filter((r) => r.top1).length),
    top3: share(results.filter((r) => r.top3).length),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}
