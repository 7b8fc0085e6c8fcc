import type { TPostalCommune } from '@mutua/contracts/account';
import { createRequire } from 'node:module';

/*
 * La Poste's postal codes (package codes-postaux, the official base of the postal codes): a code →
 * its communes. The data (a few MB) is loaded on the first call only.
 */

type Entry = { codePostal: string; codeCommune: string; nomCommune: string; libelleAcheminement: string };
let finder: ((code: string) => Entry[]) | null = null;

export function communesOf(code: string): TPostalCommune[] {
  if (!finder) finder = (createRequire(import.meta.url)('codes-postaux') as { find: (code: string) => Entry[] }).find;
  const seen = new Set<string>();
  const list: TPostalCommune[] = [];
  for (const e of finder(code)) {
    if (seen.has(e.nomCommune)) continue;
    seen.add(e.nomCommune);
    list.push({ name: e.nomCommune, inseeCode: e.codeCommune, deliveryLabel: e.libelleAcheminement });
  }
  return list.sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s'’-]+/g, ' ')
    .trim();

/** The commune's official name when `city` is one of the code's communes (accents and case ignored), else null. */
export function communeOf(code: string, city: string): string | null {
  const wanted = fold(city);
  return communesOf(code).find((c) => fold(c.name) === wanted || fold(c.deliveryLabel) === wanted)?.name ?? null;
}
