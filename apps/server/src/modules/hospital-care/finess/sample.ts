import { luhnValid } from '@mutua/contracts/hospital-care';
import { FICTITIOUS_MARK, STRUCTURE_COLUMNS } from './extract';

/*
 * The sample extract shipped for the demo and the tests (finess/etalab-cs1100507-sample.csv, written by
 * `npm run finess:sample -w @mutua/server`), in the published format: the public establishments the
 * directory listed before the import, then generated establishments. A generated row is marked where
 * the format lets a member read it — its name complement (complrs) says FICTITIOUS_MARK — and its FINESS
 * number starts with 99, a code no French department has, so it can never be a real establishment's.
 */

export const SAMPLE_HEADER = 'finess;etalab;111;2026-11-20';
export const SAMPLE_GENERATED_ROWS = 2_000;

type Line = Partial<Record<(typeof STRUCTURE_COLUMNS)[number], string>>;

/** A structureet line with every column in its place, quoted where a value holds a `;` or a `"`. */
export function structureLine(values: Line): string {
  return STRUCTURE_COLUMNS.map((column) => {
    const value = column === 'section' ? 'structureet' : (values[column] ?? '');
    return /[;"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  }).join(';');
}

const CHR = { categetab: '101', libcategetab: 'Centre Hospitalier Régional (C.H.R.)', categagretab: '1101', libcategagretab: 'Centres Hospitaliers Régionaux' };
const PUBLIC = { codemft: '03', libmft: 'ARS établissements Publics de santé dotation globale', codesph: '1', libsph: 'Etablissement public de santé' };

/** The public establishments the directory listed (migration 0062), their names as it had them. */
const LISTED: Line[] = [
  {
    nofinesset: '750712184',
    nofinessej: '750712184',
    rs: 'AP-HP',
    rslongue: 'Assistance Publique – Hôpitaux de Paris (AP-HP)',
    numvoie: '3',
    typvoie: 'AV',
    voie: 'VICTORIA',
    commune: '104',
    departement: '75',
    libdepartement: 'PARIS',
    ligneacheminement: '75004 PARIS',
  },
  {
    nofinesset: '750100125',
    nofinessej: '750712184',
    rs: 'HOPITAL PITIE SALPETRIERE AP-HP',
    rslongue: 'Hôpital universitaire Pitié-Salpêtrière (AP-HP)',
    numvoie: '47',
    typvoie: 'BD',
    voie: 'DE L HOPITAL',
    commune: '113',
    departement: '75',
    libdepartement: 'PARIS',
    ligneacheminement: '75013 PARIS',
  },
  {
    nofinesset: '750100208',
    nofinessej: '750712184',
    rs: 'HOPITAL NECKER ENFANTS MALADES AP-HP',
    rslongue: 'Hôpital Necker-Enfants malades (AP-HP)',
    numvoie: '149',
    typvoie: 'R',
    voie: 'DE SEVRES',
    commune: '115',
    departement: '75',
    libdepartement: 'PARIS',
    ligneacheminement: '75015 PARIS',
  },
  {
    nofinesset: '750803447',
    nofinessej: '750712184',
    rs: 'HOPITAL EUROPEEN GEORGES POMPIDOU AP-HP',
    rslongue: 'Hôpital européen Georges-Pompidou (AP-HP)',
    numvoie: '20',
    typvoie: 'R',
    voie: 'LEBLANC',
    commune: '115',
    departement: '75',
    libdepartement: 'PARIS',
    ligneacheminement: '75015 PARIS',
  },
  {
    nofinesset: '130786049',
    nofinessej: '130786049',
    rs: 'AP-HM',
    rslongue: 'Assistance Publique – Hôpitaux de Marseille (AP-HM)',
    commune: '205',
    departement: '13',
    libdepartement: 'BOUCHES-DU-RHONE',
    ligneacheminement: '13005 MARSEILLE',
  },
  {
    nofinesset: '690781810',
    nofinessej: '690781810',
    rs: 'HOSPICES CIVILS DE LYON',
    rslongue: 'Hospices civils de Lyon (HCL)',
    commune: '382',
    departement: '69',
    libdepartement: 'RHONE',
    ligneacheminement: '69002 LYON',
  },
  {
    nofinesset: '330781196',
    nofinessej: '330781196',
    rs: 'CHU DE BORDEAUX',
    rslongue: 'Centre hospitalier universitaire de Bordeaux',
    commune: '063',
    departement: '33',
    libdepartement: 'GIRONDE',
    ligneacheminement: '33000 BORDEAUX',
  },
  {
    nofinesset: '310781406',
    nofinessej: '310781406',
    rs: 'CHU DE TOULOUSE',
    rslongue: 'Centre hospitalier universitaire de Toulouse',
    commune: '555',
    departement: '31',
    libdepartement: 'HAUTE-GARONNE',
    ligneacheminement: '31059 TOULOUSE CEDEX 9',
  },
  {
    nofinesset: '590780193',
    nofinessej: '590780193',
    rs: 'CHU DE LILLE',
    rslongue: 'Centre hospitalier universitaire de Lille',
    commune: '350',
    departement: '59',
    libdepartement: 'NORD',
    ligneacheminement: '59037 LILLE CEDEX',
  },
  {
    nofinesset: '440000289',
    nofinessej: '440000289',
    rs: 'CHU DE NANTES',
    rslongue: 'Centre hospitalier universitaire de Nantes',
    commune: '109',
    departement: '44',
    libdepartement: 'LOIRE-ATLANTIQUE',
    ligneacheminement: '44093 NANTES CEDEX 1',
  },
  {
    nofinesset: '670780055',
    nofinessej: '670780055',
    rs: 'HOPITAUX UNIVERSITAIRES DE STRASBOURG',
    rslongue: 'Hôpitaux universitaires de Strasbourg',
    commune: '482',
    departement: '67',
    libdepartement: 'BAS-RHIN',
    ligneacheminement: '67091 STRASBOURG CEDEX',
  },
  {
    nofinesset: '340780477',
    nofinessej: '340780477',
    rs: 'CHU DE MONTPELLIER',
    rslongue: 'Centre hospitalier universitaire de Montpellier',
    commune: '172',
    departement: '34',
    libdepartement: 'HERAULT',
    ligneacheminement: '34295 MONTPELLIER CEDEX 5',
  },
  {
    nofinesset: '350005179',
    nofinessej: '350005179',
    rs: 'CHU DE RENNES',
    rslongue: 'Centre hospitalier universitaire de Rennes',
    commune: '238',
    departement: '35',
    libdepartement: 'ILLE-ET-VILAINE',
    ligneacheminement: '35033 RENNES CEDEX 9',
  },
].map((line) => ({ ...CHR, ...PUBLIC, dateouv: '1958-12-30', dateautor: '1958-12-30', datemaj: '2026-01-15', ...line }));

/** Towns of the generated rows: postal code, commune code, department. */
const TOWNS = [
  ['69003', 'LYON', '383', '69', 'RHONE'],
  ['13008', 'MARSEILLE', '208', '13', 'BOUCHES-DU-RHONE'],
  ['31400', 'TOULOUSE', '555', '31', 'HAUTE-GARONNE'],
  ['06000', 'NICE', '088', '06', 'ALPES-MARITIMES'],
  ['44000', 'NANTES', '109', '44', 'LOIRE-ATLANTIQUE'],
  ['67000', 'STRASBOURG', '482', '67', 'BAS-RHIN'],
  ['34000', 'MONTPELLIER', '172', '34', 'HERAULT'],
  ['33000', 'BORDEAUX', '063', '33', 'GIRONDE'],
  ['59000', 'LILLE', '350', '59', 'NORD'],
  ['35000', 'RENNES', '238', '35', 'ILLE-ET-VILAINE'],
  ['51100', 'REIMS', '454', '51', 'MARNE'],
  ['38000', 'GRENOBLE', '185', '38', 'ISERE'],
  ['21000', 'DIJON', '231', '21', "COTE-D'OR"],
  ['49000', 'ANGERS', '007', '49', 'MAINE-ET-LOIRE'],
  ['29200', 'BREST', '019', '29', 'FINISTERE'],
  ['87000', 'LIMOGES', '085', '87', 'HAUTE-VIENNE'],
  ['37000', 'TOURS', '261', '37', 'INDRE-ET-LOIRE'],
  ['80000', 'AMIENS', '021', '80', 'SOMME'],
  ['57000', 'METZ', '463', '57', 'MOSELLE'],
  ['45000', 'ORLEANS', '234', '45', 'LOIRET'],
  ['76000', 'ROUEN', '540', '76', 'SEINE-MARITIME'],
  ['14000', 'CAEN', '118', '14', 'CALVADOS'],
  ['63000', 'CLERMONT-FERRAND', '113', '63', 'PUY-DE-DOME'],
  ['86000', 'POITIERS', '194', '86', 'VIENNE'],
  ['20000', 'AJACCIO', '004', '2A', 'CORSE-DU-SUD'],
  ['97400', 'ST DENIS', '411', '9D', 'LA REUNION'],
] as const;

const PATRONS = [
  'SAINT-JOSEPH',
  'SAINTE-ANNE',
  'SAINT-MARTIN',
  'LES TILLEULS',
  'DU PARC',
  'DES CEDRES',
  'PASTEUR',
  'JEAN JAURES',
  'LES FONTAINES',
  'DU LAC',
  'SAINT-LOUIS',
  'VICTOR HUGO',
  'LES OLIVIERS',
  'BELLEVUE',
  'DU CENTRE',
  'LA ROSERAIE',
  'MONTVERT',
  'LES ACACIAS',
  'DU VAL',
  'MARIE CURIE',
];

const PMI = {
  categetab: '223',
  libcategetab: 'Protection Maternelle et Infantile (P.M.I.)',
  categagretab: '2202',
  libcategagretab: 'Etablissements de PMI et de Planification Familiale',
};
const SHORT_STAY = {
  categetab: '365',
  libcategetab: 'Etablissement de Soins Pluridisciplinaire',
  categagretab: '1110',
  libcategagretab: 'Etablissements de Soins de Courte Durée',
};

/**
 * Categories of the generated rows, with their name patterns (short, long) and the nomenclature's codes,
 * in about the proportions of the real extract (hospitals are a few per cent of its sites; pharmacies
 * and nursing homes most of them), so that a search at scale meets as many matches as on the real file.
 */
const KINDS = [
  {
    weight: 3,
    short: (p: string, t: string) => `CH ${t} ${p}`,
    long: (p: string, t: string) => `CENTRE HOSPITALIER DE ${t} ${p}`,
    categetab: '355',
    libcategetab: 'Centre Hospitalier (C.H.)',
    categagretab: '1102',
    libcategagretab: 'Centres Hospitaliers',
  },
  {
    weight: 1,
    short: (p: string, t: string) => `CHU ${t} SITE ${p}`,
    long: (p: string, t: string) => `CENTRE HOSPITALIER UNIVERSITAIRE DE ${t} SITE ${p}`,
    ...CHR,
  },
  {
    weight: 1,
    short: (p: string, t: string) => `CHRU ${t} ${p}`,
    long: (p: string, t: string) => `CENTRE HOSPITALIER REGIONAL UNIVERSITAIRE DE ${t} ${p}`,
    ...CHR,
  },
  { weight: 3, short: (p: string) => `CLINIQUE ${p}`, long: (p: string, t: string) => `CLINIQUE ${p} ${t}`, ...SHORT_STAY },
  { weight: 2, short: (p: string) => `POLYCLINIQUE ${p}`, long: (p: string, t: string) => `POLYCLINIQUE ${p} DE ${t}`, ...SHORT_STAY },
  {
    weight: 2,
    short: (p: string, t: string) => `UAD ${t} ${p}`,
    long: (p: string, t: string) => `UNITE D'AUTODIALYSE ${p} ${t}`,
    categetab: '146',
    libcategetab: "Structure d'Alternative à la dialyse en centre",
    categagretab: '1203',
    libcategagretab: 'Dialyse Ambulatoire',
  },
  {
    weight: 14,
    short: (p: string) => `EHPAD ${p}`,
    long: (p: string, t: string) => `E.H.P.A.D. ${p} ${t}`,
    categetab: '500',
    libcategetab: "Etablissement d'hébergement pour personnes âgées dépendantes",
    categagretab: '4401',
    libcategagretab: "Etablissements d'Hébergement pour Personnes Âgées",
  },
  { weight: 8, short: (p: string, t: string) => `PMI ${t} ${p}`, long: (p: string, t: string) => `CENTRE DE PMI ${p} ${t}`, ...PMI },
  {
    weight: 6,
    short: (p: string, t: string) => `CMPP ${t} ${p}`,
    long: (p: string, t: string) => `CENTRE MEDICO-PSYCHO-PEDAGOGIQUE ${p} ${t}`,
    categetab: '189',
    libcategetab: 'Centre Médico-Psycho-Pédagogique (C.M.P.P.)',
    categagretab: '4106',
    libcategagretab: 'Services à Domicile ou Ambulatoires pour Handicapés',
  },
  {
    weight: 60,
    short: (p: string, t: string) => `PHARMACIE ${p} ${t}`,
    long: (p: string, t: string) => `PHARMACIE ${p} ${t}`,
    categetab: '620',
    libcategetab: "Pharmacie d'Officine",
    categagretab: '3201',
    libcategagretab: 'Commerce de Biens à Usage Médicaux',
  },
];
/** Each kind repeated by its weight, with the rank of the repetition: row n is of kind KIND_CYCLE[n % length]. */
const KIND_CYCLE = KINDS.flatMap((kind) => Array.from({ length: kind.weight }, (_, k) => ({ kind, k })));

/** 99 + seven digits whose last one makes the Luhn key right. */
function fictitiousFiness(n: number): string {
  const stem = `99${String(n).padStart(6, '0')}`;
  for (let key = 0; key < 10; key++) if (luhnValid(stem + key)) return stem + key;
  throw new Error('unreachable');
}

/** Generated establishments `from` … `from + count - 1`, the same for the same numbers on every run. */
export function fictitiousStructureLines(count: number, from = 1): string[] {
  const lines: string[] = [];
  for (let n = from; n < from + count; n++) {
    // Kinds cycle within a town, towns within a round; a kind's j-th site of a town is named after the
    // j-th patron (then « … 2 », « … 3 »): no two sites of one kind and town share a name.
    const { kind, k } = KIND_CYCLE[n % KIND_CYCLE.length]!;
    const town = TOWNS[Math.floor(n / KIND_CYCLE.length) % TOWNS.length]!;
    const j = k + Math.floor(n / (KIND_CYCLE.length * TOWNS.length)) * kind.weight;
    const patron = PATRONS[j % PATRONS.length]!;
    const site = j >= PATRONS.length ? ` ${Math.floor(j / PATRONS.length) + 1}` : '';
    const [postal, townName, commune, department, departmentLabel] = town;
    lines.push(
      structureLine({
        nofinesset: fictitiousFiness(n),
        nofinessej: fictitiousFiness(900_000 + Math.floor(n / 10)),
        rs: kind.short(patron, townName) + site,
        rslongue: kind.long(patron, townName) + site,
        complrs: FICTITIOUS_MARK,
        numvoie: String(1 + (n % 120)),
        typvoie: 'R',
        voie: patron,
        commune,
        departement: department,
        libdepartement: departmentLabel,
        ligneacheminement: `${postal} ${townName}`,
        categetab: kind.categetab,
        libcategetab: kind.libcategetab,
        categagretab: kind.categagretab,
        libcategagretab: kind.libcategagretab,
        dateouv: '2001-01-01',
        dateautor: '2001-01-01',
        datemaj: '2026-11-20',
      }),
    );
  }
  return lines;
}

/** The whole sample extract: comment line, the listed public establishments, the generated ones. */
export function sampleExtract(generated = SAMPLE_GENERATED_ROWS): string {
  return [SAMPLE_HEADER, ...LISTED.map(structureLine), ...fictitiousStructureLines(generated)].join('\n') + '\n';
}
