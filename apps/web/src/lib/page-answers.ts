/**
 * Answers the server sent with the page (apps/server/src/http/app-page.ts): those of the GETs every
 * start of the SPA makes first — `/init`, `/heartbeat`, `/consent` and, signed in, `/all-info` — so that start-up
 * does not wait on them. Each serves the first call of its path, once, during start-up
 * only: a call after that, or after a while, asks the API as always.
 */

/** After this, an answer not used yet is dropped (the page was opened long ago: ask afresh). */
const USABLE_FOR_MS = 10_000;
const ELEMENT_ID = 'mutua-answers';

let answers: Map<string, unknown> | null = null;

function read(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID);
  element?.remove();
  const found = new Map<string, unknown>();
  try {
    const parsed = JSON.parse(element?.textContent ?? '{}') as unknown;
    if (parsed && typeof parsed === 'object') for (const [path, body] of Object.entries(parsed)) found.set(path, body);
  } catch {
    // A page without answers (a development server), or unreadable ones: every call asks the API.
  }
  return found;
}

/** The answer's body for `path` (`{ data }`), if the page brought one not used yet; removed once taken. */
export function takePageAnswer(path: string): { body: unknown } | undefined {
  answers ??= read();
  if (!answers.has(path)) return undefined;
  const body = answers.get(path);
  answers.delete(path);
  return performance.now() < USABLE_FOR_MS ? { body } : undefined;
}

/**
 * All of `paths`' answers, taken whatever their age: those of a page the server painted from them,
 * which the SPA hydrates with the very same data (app/start-up.ts).
 */
export function takePageAnswers<P extends string>(paths: readonly P[]): Partial<Record<P, unknown>> {
  answers ??= read();
  const taken: Partial<Record<P, unknown>> = {};
  for (const path of paths) {
    if (answers.has(path)) taken[path] = answers.get(path);
    answers.delete(path);
  }
  return taken;
}

/** Tests only: forget what was read, so that the next call reads the document again. */
export function resetPageAnswers(): void {
  answers = null;
}
