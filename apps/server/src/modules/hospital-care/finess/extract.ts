import { establishmentSearchText, isValidFiness } from '@mutua/contracts/hospital-care';

/*
 * The official FINESS extract of geographic establishments, as data.gouv.fr publishes it
 * (« FINESS Extraction du Fichier des établissements », etalab-cs1100507-stock-AAAAMMJJ-HHMM.csv):
 * semicolon-separated, no header row. Line 1 is a comment `finess;etalab;<version>;<AAAA-MM-JJ>`; then
 * section 1, one line `structureet;…` per establishment (the columns below, in this order), then
 * section 2, `geolocalisation;nofinesset;coordxet;coordyet;sourcecoordet;datemaj` (not needed here).
 * A field holding a semicolon or a quote is quoted with "…" and its quotes doubled. Older files are
 * Windows-1252, recent ones UTF-8.
 */
export const STRUCTURE_COLUMNS = [
  'section',
  'nofinesset',
  'nofinessej',
  'rs',
  'rslongue',
  'complrs',
  'compldistrib',
  'numvoie',
  'typvoie',
  'voie',
  'compvoie',
  'lieuditbp',
  'commune',
  'departement',
  'libdepartement',
  'ligneacheminement',
  'telephone',
  'telecopie',
  'categetab',
  'libcategetab',
  'categagretab',
  'libcategagretab',
  'siret',
  'codeape',
  'codemft',
  'libmft',
  'codesph',
  'libsph',
  'dateouv',
  'dateautor',
  'datemaj',
  'numuai',
] as const;
type StructureColumn = (typeof STRUCTURE_COLUMNS)[number];
const col = Object.fromEntries(STRUCTURE_COLUMNS.map((name, i) => [name, i])) as Record<StructureColumn, number>;

/**
 * What the sample extract writes in complrs (the name's complement) of a generated row: the format has
 * no other place for it, and a member who sees the row reads it.
 */
export const FICTITIOUS_MARK = 'ÉTABLISSEMENT FICTIF (DONNÉES GÉNÉRÉES POUR LA DÉMONSTRATION)';

export type ExtractHeader = { version: string; date: string };

/** Line 1 of an extract, or null when the file is not one. */
export function readHeader(line: string): ExtractHeader | null {
  const match = /^finess;etalab;([0-9A-Za-z.]+);(\d{4}-\d{2}-\d{2});*$/.exec(line.trim());
  return match ? { version: match[1]!, date: match[2]! } : null;
}

/** The extract's bytes as text: UTF-8 when they are valid UTF-8, else Windows-1252 (older extracts). */
export function decodeExtract(bytes: Uint8Array): string {
  const text = (() => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return new TextDecoder('windows-1252').decode(bytes);
    }
  })();
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The lines of the file, without the empty last one. */
export const extractLines = (text: string) => text.split(/\r?\n/).filter((line, i, all) => line !== '' || i < all.length - 1);

/** One line's fields: split on `;`, a quoted field keeps its semicolons and reads `""` as `"`. */
export function splitLine(line: string): string[] {
  if (!line.includes('"')) return line.split(';');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ';') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** An establishment as the directory keeps it. */
export type EstablishmentRecord = {
  finess: string;
  legalEntityFiness: string | null;
  shortName: string;
  name: string;
  city: string;
  postalCode: string;
  categoryCode: string | null;
  categoryLabel: string | null;
  categoryGroupCode: string | null;
  categoryGroupLabel: string | null;
  careRank: number;
  fictitious: boolean;
  updatedOn: string | null;
  searchText: string;
};

const clean = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
const orNull = (value: string) => value || null;

/**
 * Hospitals (categagretab 11xx: CHR/CHU, CH, short-stay establishments…) first, then the other
 * establishments under the hospital law (12xx: dialysis, home hospitalisation…), then the rest.
 */
export function careRankOf(categoryGroupCode: string | null): number {
  if (categoryGroupCode?.startsWith('11')) return 0;
  if (categoryGroupCode?.startsWith('12')) return 1;
  return 2;
}

/**
 * `ligneacheminement` (« 01440 VIRIAT », « 97306 CAYENNE CEDEX ») → postal code and town, without the
 * CEDEX mention (a sorting code, not a place).
 */
export function readRouting(line: string): { postalCode: string; city: string } | null {
  const match = /^(\d{5})\s+(.+)$/.exec(clean(line));
  if (!match) return null;
  return { postalCode: match[1]!, city: match[2]!.replace(/\s+CEDEX(\s+\d+)?$/i, '').trim() };
}

/**
 * A `structureet` line as a directory row, or null when it cannot be one (too few columns, a malformed
 * FINESS number, no name or no postal routing line): the import counts those as skipped.
 */
export function readStructure(cells: readonly string[]): EstablishmentRecord | null {
  if (cells[0] !== 'structureet' || cells.length < col.datemaj + 1) return null;
  const finess = clean(cells[col.nofinesset]).toUpperCase();
  if (!/^(\d{2}|2[AB])\d{7}$/.test(finess) || !isValidFiness(finess)) return null;
  const shortName = clean(cells[col.rs]);
  const name = clean(cells[col.rslongue]) || shortName;
  const routing = readRouting(cells[col.ligneacheminement] ?? '');
  if (!name || !routing) return null;
  const legalEntity = clean(cells[col.nofinessej]).toUpperCase();
  const categoryLabel = orNull(clean(cells[col.libcategetab]));
  const categoryGroupCode = orNull(clean(cells[col.categagretab]));
  const updatedOn = clean(cells[col.datemaj]);
  return {
    finess,
    legalEntityFiness: /^(\d{2}|2[AB])\d{7}$/.test(legalEntity) ? legalEntity : null,
    shortName: shortName || name,
    name,
    city: routing.city,
    postalCode: routing.postalCode,
    categoryCode: orNull(clean(cells[col.categetab])),
    categoryLabel,
    categoryGroupCode,
    categoryGroupLabel: orNull(clean(cells[col.libcategagretab])),
    careRank: careRankOf(categoryGroupCode),
    fictitious: clean(cells[col.complrs]) === FICTITIOUS_MARK,
    updatedOn: /^\d{4}-\d{2}-\d{2}$/.test(updatedOn) ? updatedOn : null,
    // Both names (« CH DE FLEYRIAT », « CENTRE HOSPITALIER DE BOURG-EN-BRESSE FLEYRIAT »), the number,
    // the town and the category (« Centre Hospitalier (C.H.) »), so that any of them finds it.
    searchText: establishmentSearchText([shortName, name === shortName ? '' : name, finess, routing.city, routing.postalCode, categoryLabel ?? ''].join(' ')),
  };
}

/** What one range of data lines holds: the rows to write and the establishment lines that could not be read. */
export function readLines(lines: readonly string[]): { records: EstablishmentRecord[]; skipped: number } {
  const byFiness = new Map<string, EstablishmentRecord>();
  let skipped = 0;
  for (const line of lines) {
    if (!line.startsWith('structureet;') && !line.startsWith('"structureet";')) continue; // geolocalisation and other sections
    const record = readStructure(splitLine(line));
    if (record) byFiness.set(record.finess, record);
    else skipped++;
  }
  return { records: [...byFiness.values()], skipped };
}
