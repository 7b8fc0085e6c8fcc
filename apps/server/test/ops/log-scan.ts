import { DEMO_PASSWORD } from '../../src/modules/auth/seed';
import { DEMO_IDENTITIES } from '../../src/modules/members/seed';

/** What a log line must never hold, found: its kind and where — never the value itself (the report is a log too). */
export type Finding = { kind: string; where: string; masked: string };

/** What the run itself knows it sent: the one-time codes mailed, the addresses mailed to. */
export type RunSecrets = { codes?: string[]; emails?: string[] };

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** The insurer's own addresses (the sender of every mail): not a person's. */
const OWN_ADDRESS = /^(no-reply|noreply|postmaster)@/i;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const PHONE = /(?<![\d.])(?:\+33 ?|0)[1-9](?:[ .-]?\d{2}){4}(?!\d)/g;
/** A NIR with its key: 13 characters (2A/2B for Corsica) then 2 digits, spaced or not. */
const NIR = /(?<!\d)[12] ?\d{2} ?\d{2} ?(?:\d{2}|2A|2B) ?\d{3} ?\d{3} ?\d{2}(?!\d)/g;
/** Fields of pino's JSON lines that are numbers by construction (epoch ms, pids): not scanned. */
const NUMERIC_FIELDS = /"(time|pid|responseTime|elapsedTime|eventLoopDelayMs)":\d+(\.\d+)?/g;

function ibanValid(candidate: string): boolean {
  const s = candidate.replace(/ /g, '');
  if (s.length < 15 || s.length > 34) return false;
  const moved = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of moved) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

function nirValid(candidate: string): boolean {
  const s = candidate.replace(/ /g, '');
  const body = s.slice(0, 13).replace('2A', '19').replace('2B', '18');
  return 97 - Number(BigInt(body) % 97n) === Number(s.slice(13));
}

const mask = (value: string) => (value.length <= 4 ? '****' : `${value.slice(0, 2)}…${value.slice(-2)}`);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every personal datum found in a log: any e-mail address but the insurer's own, any valid IBAN or NIR,
 * any French phone number, the demo set's names, NIRs, addresses and numbers, the demo password, and the
 * codes and addresses the run mailed.
 */
export function findPersonalData(text: string, source: string, secrets: RunSecrets = {}): Finding[] {
  const findings: Finding[] = [];
  const names = DEMO_IDENTITIES.names.filter((n) => n.length >= 3).map((n) => new RegExp(`(?<![\\p{L}])${escape(n)}(?![\\p{L}])`, 'iu'));
  const exact = [
    ...DEMO_IDENTITIES.nirs.map((v) => ['NIR', v] as const),
    ...DEMO_IDENTITIES.emails.map((v) => ['e-mail address', v] as const),
    ...DEMO_IDENTITIES.phones.map((v) => ['phone number', v] as const),
    ...(secrets.emails ?? []).map((v) => ['e-mail address', v] as const),
    ['password', DEMO_PASSWORD] as const,
  ];
  const codes = (secrets.codes ?? []).map((c) => new RegExp(`(?<!\\d)${c}(?!\\d)`));
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(NUMERIC_FIELDS, '');
    const where = `${source}:${i + 1}`;
    const add = (kind: string, value: string) => findings.push({ kind, where, masked: mask(value) });
    for (const m of line.matchAll(EMAIL)) if (!OWN_ADDRESS.test(m[0])) add('e-mail address', m[0]);
    for (const m of line.matchAll(IBAN)) if (ibanValid(m[0])) add('IBAN', m[0]);
    for (const m of line.matchAll(NIR)) if (nirValid(m[0])) add('NIR', m[0]);
    for (const m of line.matchAll(PHONE)) add('phone number', m[0]);
    for (const [kind, value] of exact) if (line.toLowerCase().includes(value.toLowerCase())) add(kind, value);
    for (const name of names) {
      const m = name.exec(line);
      if (m) add('member name', m[0]);
    }
    for (const code of codes) {
      const m = code.exec(line);
      if (m) add('one-time code', m[0]);
    }
  });
  return findings;
}
