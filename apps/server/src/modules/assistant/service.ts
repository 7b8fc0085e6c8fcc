import { ADVISER_PATH, type TAssistantAnswer, type TAssistantHuman, type TAssistantReply } from '@mutua/contracts/assistant';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assistantSynonyms } from '../../db/schema';
import type { ReadCache } from '../../lib/read-cache';
import { loadPhoneLine } from '../phone-line/public';
import { memberAnswer } from './member-answers';
import { ASSISTANT_SCREENS, MEMBER_INTENTS, type AssistantScreen } from './screens';
import { HEAD_HIT, faqDocuments, questionGroups, rankDocuments, screenDocuments, type Candidate, type RankedDoc, type SynonymMap } from './search';

/** At most this many answers, best first. */
const ANSWERS = 3;

/**
 * Confident when the best document matches at least half of what the question says, one word of it
 * in its title or words (a question whose words only appear in long answers is not understood).
 */
export function isConfident(best: Candidate | undefined, groups: number): boolean {
  if (!best || groups === 0) return false;
  return best.hits >= HEAD_HIT && best.hits >= groups;
}

async function loadSynonyms(db: Db, tenantId: string): Promise<[string, string[]][]> {
  const rows = await db
    .select({ term: assistantSynonyms.term, synonyms: assistantSynonyms.synonyms })
    .from(assistantSynonyms)
    .where(eq(assistantSynonyms.tenantId, tenantId))
    .orderBy(asc(assistantSynonyms.term));
  return rows.map((r) => [r.term, r.synonyms]);
}

async function humanOf(db: Db, tenantId: string): Promise<TAssistantHuman> {
  const line = await loadPhoneLine(db, tenantId);
  return {
    phone: line.phone,
    hours: line.hours,
    relayService: line.relayService && {
      provider: line.relayService.provider,
      url: line.relayService.url,
      phone: line.relayService.phone,
      modes: line.relayService.modes,
    },
    url: ADVISER_PATH,
    label: 'Parler à un conseiller',
  };
}

const screenById = new Map(ASSISTANT_SCREENS.map((s) => [s.id, s]));
const intentById = new Map(MEMBER_INTENTS.map((i) => [i.id as string, i]));
const MEMBER_IDS: ReadonlySet<string> = new Set(intentById.keys());

function screenAnswer(s: AssistantScreen): TAssistantAnswer {
  return { title: s.title, text: s.text, source: { kind: 'screen', id: s.id, url: s.url }, action: { label: s.action, url: s.url } };
}

export type Asker = { tenant: { id: string; name: string }; memberId: string | null; today: string };
export type AssistantDeps = { db: Db; readCache: ReadCache };

type Knowledge = { faq: RankedDoc[]; synonyms: SynonymMap; human: TAssistantHuman };

/**
 * What the assistant knows of a tenant — its FAQ as ranked documents, its synonyms, its phone line —
 * kept in the read cache: any change to those tables (the back office) drops it on every instance.
 */
async function knowledgeOf({ db, readCache }: AssistantDeps, tenantId: string): Promise<Knowledge> {
  const kept = await readCache.get(`assistant:${tenantId}`, [`t:${tenantId}`], async () => {
    const [faq, synonyms, human] = await Promise.all([faqDocuments(db, tenantId), loadSynonyms(db, tenantId), humanOf(db, tenantId)]);
    return { faq, synonyms, human };
  });
  return { faq: kept.faq, synonyms: new Map(kept.synonyms), human: kept.human };
}

/**
 * POST /api/assistant/ask: the best answers to a question from the tenant's FAQ, the portal's screens
 * and, signed in, the member's own data — each citing its source and linking to the screen that acts
 * on it — and, always, how to reach a person.
 */
export async function ask(deps: AssistantDeps, asker: Asker, question: string): Promise<TAssistantReply> {
  const { db } = deps;
  const knowledge = await knowledgeOf(deps, asker.tenant.id);
  const groups = questionGroups(question, knowledge.synonyms);
  const screens = await screenDocuments(db, asker.memberId ? [...ASSISTANT_SCREENS, ...MEMBER_INTENTS] : ASSISTANT_SCREENS, MEMBER_IDS);
  const candidates = await rankDocuments(db, groups, [...knowledge.faq, ...screens]);
  const human = knowledge.human;
  const confident = isConfident(candidates[0], groups.length);
  // A FAQ answer takes the action of the best screen found with it: the answer says, the screen does.
  const bestScreen = candidates.find((c) => c.kind === 'screen');
  const answers: TAssistantAnswer[] = [];
  for (const c of candidates) {
    if (answers.length === ANSWERS) break;
    if (c.kind === 'faq') {
      const screen = bestScreen && screenById.get(bestScreen.id);
      answers.push({
        title: c.title,
        text: c.text,
        source: { kind: 'faq', id: c.id, url: `/faq/${c.categoryId}/${c.themeId}` },
        ...(screen && { action: { label: screen.action, url: screen.url } }),
      });
    } else if (c.kind === 'screen') {
      answers.push(screenAnswer(screenById.get(c.id)!));
    } else if (asker.memberId) {
      const answer = await memberAnswer(intentById.get(c.id)!, { db, memberId: asker.memberId, brand: asker.tenant.name, today: asker.today, question });
      if (answer) answers.push(answer);
    }
  }
  return { answers, confident: confident && answers.length > 0, human };
}
