import type { TInvoicePractitioner } from '@mutua/contracts/invoice-scan';
import { actOfInvoice } from './acts';
import type { Found } from './found';
export type { Found } from './found';

/*
 * From the lines read on an invoice (OCR or a PDF's text layer) to the fields of the refund form. Each
 * finder keeps the candidate whose label says most clearly what it is (« Date des soins » over a bare
 * date, « Net à payer » over any amount) and answers a confidence: how clear the label was, times how
 * sure the OCR was of that line.
 */

/** One line of the page, top to bottom, with the reader's confidence in it (0–1; 1 for a text layer). */
export type ReadLine = { text: string; confidence: number };

/** Lower case, no accents, single spaces, typographic apostrophes and spaces made plain. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u00a0\u202f\t]/g, ' ')
    .toLowerCase()
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The OCR's line confidence as a factor: a clean line (≥ 0.9) counts fully, a doubtful one less. */
const ocrFactor = (line: ReadLine) => Math.min(1, Math.max(0, line.confidence) / 0.9);
const round2 = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 100) / 100;

// ── Care date ──────────────────────────────────────────────────────────────────────────────────────

const MONTHS: Record<string, number> = {
  janvier: 1,
  janv: 1,
  fevrier: 2,
  fevr: 2,
  fev: 2,
  mars: 3,
  avril: 4,
  avr: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  juil: 7,
  aout: 8,
  septembre: 9,
  sept: 9,
  octobre: 10,
  oct: 10,
  novembre: 11,
  nov: 11,
  decembre: 12,
  dec: 12,
};
const NUMERIC_DATE = /(?<!\d)(\d{1,2}) ?[/.-] ?(\d{1,2}) ?[/.-] ?(\d{4}|\d{2})(?!\d)/g;
const TEXT_DATE =
  /(?<![a-z0-9])(1er|\d{1,2}) (janvier|janv|fevrier|fevr|fev|mars|avril|avr|mai|juin|juillet|juil|aout|septembre|sept|octobre|oct|novembre|nov|decembre|dec)\.? (\d{4})(?!\d)/g;

/** Labels that name the day of the care itself. */
const CARE_DATE_LABEL =
  /(date (des|de|du) (soins?|l'acte|la consultation|consultation|seance|la seance|delivrance|l'examen|prelevement|execution|realisation|l'intervention|intervention|visite)|soins? (du|le)|seance du|consultation du|acte du|delivre(e)? le|date d'entree|admission|hospitalisation du|sejour du|prelevement du|examen du|execute(e)? le)/;
/** Labels of a date that may be the care's when nothing better is printed. */
const GENERIC_DATE_LABEL = /(^|[^a-z])(date|le|du|fait a|acquitte(e)?|paye(e)?|regle(e)?|facture (du|n))/;
/** Dates that are never the care's. */
const NOT_CARE_DATE = /(naissance|ne\(e\)|nee? le|ddn|echeance|valable|validite|expire|imprime|edite)/;

function isoDate(day: number, month: number, year: number): string | null {
  if (year < 100) year += 2000;
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1990 || year > 2100) return null;
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso ? iso : null;
}

/** Every real date of a line (« 14/10/2026 », « 14.10.26 », « 1er octobre 2026 »), in reading order. */
export function datesIn(text: string): string[] {
  const folded = fold(text).replace(/(?<=\d)[oO](?=\d)|(?<=\d)[oO]|[oO](?=\d)/g, '0');
  const found: { at: number; iso: string }[] = [];
  for (const m of folded.matchAll(NUMERIC_DATE)) {
    const iso = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (iso) found.push({ at: m.index, iso });
  }
  for (const m of folded.matchAll(TEXT_DATE)) {
    const iso = isoDate(m[1] === '1er' ? 1 : Number(m[1]), MONTHS[m[2]!]!, Number(m[3]));
    if (iso) found.push({ at: m.index, iso });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.iso);
}

/**
 * The care date: the first date under a care label (« Date des soins », « Séance du », « Date
 * d'entrée »), else under a generic one (« Date », « Le », « Acquittée le »), else the only date
 * printed. Birth and validity dates and dates after `today` are never taken.
 */
export function findCareDate(lines: readonly ReadLine[], today: string): Found<string> {
  type Candidate = { iso: string; rank: number; line: ReadLine; order: number };
  const candidates: Candidate[] = [];
  lines.forEach((line, index) => {
    const text = fold(line.text);
    if (NOT_CARE_DATE.test(text)) return;
    const dates = datesIn(line.text).filter((d) => d <= today);
    // A label alone on its line names the date on the next one (table headers, two-line layouts).
    const next = lines[index + 1];
    const labelOnly = dates.length === 0 && next && CARE_DATE_LABEL.test(text) ? datesIn(next.text).filter((d) => d <= today) : [];
    for (const iso of labelOnly.slice(0, 1)) candidates.push({ iso, rank: 3, line: next!, order: index });
    dates.forEach((iso, i) => {
      const rank = CARE_DATE_LABEL.test(text) ? 3 : GENERIC_DATE_LABEL.test(text) ? 2 : 1;
      candidates.push({ iso, rank: i === 0 ? rank : Math.min(rank, 2), line, order: index });
    });
  });
  if (candidates.length === 0) return null;
  const bestRank = Math.max(...candidates.map((c) => c.rank));
  const top = candidates.filter((c) => c.rank === bestRank);
  const chosen = top[0]!;
  const distinct = new Set(candidates.map((c) => c.iso));
  const agreeing = new Set(top.map((c) => c.iso)).size === 1;
  const base = bestRank === 3 ? 0.95 : bestRank === 2 ? (distinct.size === 1 ? 0.9 : 0.75) : distinct.size === 1 ? 0.85 : 0.5;
  return { value: chosen.iso, confidence: round2(base * (agreeing ? 1 : 0.8) * ocrFactor(chosen.line)) };
}

// ── Amount ─────────────────────────────────────────────────────────────────────────────────────────

/** Amounts with cents (« 1 234,56 », « 30.00 », « 45,00 € ») or whole euros followed by the sign. */
const AMOUNT = /(?<![\d,.])(\d{1,3}(?:[ .]\d{3})+|\d{1,6}) ?[,.] ?(\d{2})(?![\d%])|(?<![\d,.])(\d{1,6}) ?(?:€|eur(?:os?)?\b)/g;

/** How clearly a line's label says « what the member paid ». */
function amountRank(text: string): number {
  if (/net a payer|net a regler|total a payer|reste a payer|montant a payer/.test(text)) return 5;
  if (/total (ttc|general|facture|du|des|honoraires|regle|paye|acquitte)|montant total|total/.test(text)) return 4;
  if (/(recu|percu) (la somme|le montant)|somme de|montant (regle|paye|acquitte|percu|recu|des honoraires)|acquitte|regle/.test(text)) return 4;
  if (/montant|honoraires|prix|a payer/.test(text)) return 3;
  return /€|eur/.test(text) ? 1 : 0;
}
/** Lines whose amount is a share, a base or a rate, never the total paid. */
const NOT_PAID =
  /(part (obligatoire|complementaire|securite|secu|amo|amc|ro|mutuelle)|rembourse|base (de )?rembours|br ?:|tiers payant|taux|dont|tva|sous-total|avance|franchise|participation forfaitaire|depassement|capital|tel|fax)/;

/** OCR's usual confusions inside a number: O for 0, l/I/| for 1, S for 5, B for 8. */
function numberish(text: string): string {
  return text.replace(/[0-9OoIl|SB]+(?: ?[,.] ?[0-9OoIl|SB]{2})/g, (m) =>
    /\d/.test(m) ? m.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1').replace(/S/g, '5').replace(/B/g, '8') : m,
  );
}

/** Every amount of a line, in cents, in reading order. */
export function amountsIn(text: string): number[] {
  const cleaned = fold(numberish(text)).replace(/(\d) (?=\d{3}\b)/g, '$1 ');
  const out: number[] = [];
  for (const m of cleaned.matchAll(AMOUNT)) {
    const cents = m[1] !== undefined ? Number(m[1].replace(/[ .]/g, '')) * 100 + Number(m[2]) : Number(m[3]) * 100;
    if (Number.isSafeInteger(cents) && cents > 0) out.push(cents);
  }
  return out;
}

/**
 * The amount paid: under the clearest label (« Net à payer », then « Total », « Reçu la somme de »,
 * then « Montant », « Honoraires »), the largest there; shares, bases and rates are skipped. A label
 * alone on its line takes the amount of the next line.
 */
export function findAmount(lines: readonly ReadLine[]): Found<number> {
  type Candidate = { cents: number; rank: number; line: ReadLine };
  const candidates: Candidate[] = [];
  lines.forEach((line, index) => {
    const text = fold(line.text);
    if (NOT_PAID.test(text)) return;
    // A date's digits are no amount (« 14.10.26 »).
    const amounts = amountsIn(line.text.replace(NUMERIC_DATE, ' '));
    const rank = amountRank(text);
    if (amounts.length === 0 && rank >= 3) {
      const next = lines[index + 1];
      if (next && !NOT_PAID.test(fold(next.text)))
        for (const cents of amountsIn(next.text.replace(NUMERIC_DATE, ' ')).slice(-1)) candidates.push({ cents, rank, line: next });
      return;
    }
    for (const cents of amounts) candidates.push({ cents, rank, line });
  });
  const ranked = candidates.filter((c) => c.rank > 0);
  if (ranked.length === 0) return null;
  const bestRank = Math.max(...ranked.map((c) => c.rank));
  const top = ranked.filter((c) => c.rank === bestRank).sort((a, b) => b.cents - a.cents);
  const chosen = top[0]!;
  const distinct = new Set(ranked.map((c) => c.cents)).size;
  const seenTwice = candidates.filter((c) => c.cents === chosen.cents).length > 1;
  const base = bestRank >= 4 ? 0.95 : bestRank === 3 ? 0.85 : distinct === 1 ? 0.75 : 0.45;
  return { value: chosen.cents, confidence: round2(Math.min(1, base + (seenTwice ? 0.05 : 0)) * ocrFactor(chosen.line)) };
}

// ── Practitioner ───────────────────────────────────────────────────────────────────────────────────

/** The Luhn check the FINESS number's last digit carries (2A/2B numbers: not checkable, accepted). */
export function finessIsValid(finess: string): boolean {
  if (/^2[AB]\d{7}$/.test(finess)) return true;
  if (!/^\d{9}$/.test(finess)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(finess[8 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digits printed after a label (spaces and dots inside the number allowed), exactly `length` of them. */
function numberAfter(lines: readonly ReadLine[], label: RegExp, length: number, allowCorsica = false): string | null {
  for (const line of lines) {
    const text = fold(numberish(line.text)).toUpperCase();
    const m = label.exec(text);
    if (!m) continue;
    const after = text.slice(m.index + m[0].length);
    const pattern = allowCorsica ? /(2 ?[AB]|\d)(?:[ .]?\d){7,}/ : /\d(?:[ .]?\d){6,}/;
    const digits = pattern.exec(after)?.[0].replace(/[ .]/g, '');
    if (digits && digits.length === length) return digits;
  }
  return null;
}

const PLACE =
  /^(cabinet|centre|pharmacie|laboratoire|clinique|hopital|centre hospitalier|chu|ch |polyclinique|optique|opticien|maison de sante|selarl|sas|sarl|scm|audition|institut|ehpad)/;
const PROFESSION =
  /(medecin|generaliste|masseur|kinesitherapeute|infirmier|infirmiere|osteopathe|psychologue|chirurgien|dentiste|sage-femme|orthophoniste|pediatre|cardiologue|dermatologue|ophtalmologue|gynecologue|psychiatre|podologue|radiologue|biologiste|audioprothesiste|opticien|pharmacien|orthoptiste|rhumatologue)/;
const NAME_LABEL = /(praticien|professionnel de sante|nom du (praticien|professionnel)|emetteur|etablissement) ?:? ?/;
const NAME_WORDS = /^[\p{L}][\p{L}'’.-]*( [\p{L}][\p{L}'’.-]*){1,5}$/u;

function cleanName(text: string): string {
  return text
    .replace(/\s*[-–—|:,;]+\s*$/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The practitioner's name (title line, establishment line, the line above a profession) and numbers. */
export function findPractitioner(lines: readonly ReadLine[]): { value: TInvoicePractitioner; confidence: number } {
  const rpps = numberAfter(lines, /RPPS|N° ?PP|IDENTIFIANT PP/, 11);
  const adeli = numberAfter(lines, /ADELI|N° ?AM\b|NUMERO AM\b|IDENTIFIANT AM\b/, 9);
  const finessRead = numberAfter(lines, /FINESS/, 9, true);
  const finess = finessRead && finessIsValid(finessRead) ? finessRead : null;
  let name: Found<string> = null;
  // A row may hold two columns (the patient left, the practitioner right): each part is looked at alone.
  const rows = lines.slice(0, Math.max(12, Math.ceil(lines.length / 2)));
  for (const [i, row] of rows.entries()) {
    const below = rows[i + 1] ? fold(rows[i + 1]!.text) : '';
    for (const part of row.text.split(/\s{3,}/)) {
      const text = fold(part);
      const value = cleanName(part);
      const labelled = NAME_LABEL.exec(text);
      if (labelled && !/(rpps|adeli|finess|siret)/.test(text)) {
        const after = cleanName(part.slice(labelled.index + labelled[0].length));
        if (NAME_WORDS.test(after)) return result({ value: after, confidence: 0.9 * ocrFactor(row) });
      }
      if (/^(dr|docteur|pr|professeur)\.? /.test(text)) {
        const first = cleanName(part.split(/\s[-–—|,]\s/)[0]!);
        if (NAME_WORDS.test(first)) return result({ value: first, confidence: 0.95 * ocrFactor(row) });
      }
      if (!name && PLACE.test(text) && NAME_WORDS.test(value)) name = { value, confidence: 0.85 * ocrFactor(row) };
      if (!name && PROFESSION.test(below) && !PROFESSION.test(text) && NAME_WORDS.test(value) && !/(facture|note|honoraires|recu|patient|assure)/.test(text)) {
        name = { value, confidence: 0.8 * ocrFactor(row) };
      }
    }
  }
  return result(name);

  function result(found: Found<string>) {
    const ids = [rpps, adeli, finess].filter(Boolean).length;
    const confidence = found ? found.confidence : ids > 0 ? 0.3 : 0;
    return { value: { name: found?.value ?? null, rpps, adeli, finess }, confidence: round2(confidence) };
  }
}

// ── Is it an invoice at all ────────────────────────────────────────────────────────────────────────

const INVOICE_WORDS =
  /(facture|honoraires|acquitt|note d'honoraires|feuille de soins|patient|assure|consultation|seance|total|montant|net a payer|ordonnance|pharmacie|praticien|rpps|adeli|finess|recu|soins)/g;

/** How many of an invoice's usual words the page carries (none: a photo of something else). */
export function invoiceWordCount(lines: readonly ReadLine[]): number {
  return new Set(fold(lines.map((l) => l.text).join('\n')).match(INVOICE_WORDS) ?? []).size;
}

/** Letters read with some confidence: fewer than a short line's worth means nothing could be read. */
export function readableLetters(lines: readonly ReadLine[]): number {
  return lines.filter((l) => l.confidence >= 0.5).reduce((n, l) => n + (l.text.match(/\p{L}/gu)?.length ?? 0), 0);
}

export type ParsedInvoice = {
  careDate: Found<string>;
  amount: Found<number>;
  practitioner: ReturnType<typeof findPractitioner>;
  act: Found<string>;
  invoiceWords: number;
  letters: number;
};

export function parseInvoice(lines: readonly ReadLine[], today: string): ParsedInvoice {
  return {
    careDate: findCareDate(lines, today),
    amount: findAmount(lines),
    practitioner: findPractitioner(lines),
    act: actOfInvoice(lines.map((l) => fold(l.text)).join('\n')),
    invoiceWords: invoiceWordCount(lines),
    letters: readableLetters(lines),
  };
}
