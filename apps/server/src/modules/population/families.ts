import type { ProtectedFieldSealer } from '../../db/protected-fields';
import { populationIban, populationNir } from './identity';

/*
 * The people of one batch of the synthetic population, drawn from each member's sequence number (the
 * same number always gives the same family, so a resumed run writes what an uninterrupted one would).
 */

/** Membership numbers of the population: 9xxxxxxx, clear of the demo families' numbers. */
export const POPULATION_FIRST_NUMBER = 90_000_000;
export const membershipNumberOf = (seq: number) => String(POPULATION_FIRST_NUMBER + seq);

const FIRST_NAMES = {
  F: [
    'CAMILLE',
    'MANON',
    'LÉA',
    'CHLOÉ',
    'EMMA',
    'INÈS',
    'SARAH',
    'JULIE',
    'LOUISE',
    'ALICE',
    'CLARA',
    'ZOÉ',
    'MARIE',
    'ANNE',
    'NATHALIE',
    'ISABELLE',
    'SYLVIE',
    'CHRISTINE',
    'HÉLÈNE',
    'AGATHE',
  ],
  M: [
    'THOMAS',
    'LUCAS',
    'HUGO',
    'NATHAN',
    'LOUIS',
    'GABRIEL',
    'JULES',
    'ARTHUR',
    'PAUL',
    'NOAH',
    'ÉTIENNE',
    'NICOLAS',
    'PIERRE',
    'JEAN',
    'FRANÇOIS',
    'PHILIPPE',
    'ANTOINE',
    'MAXIME',
    'THÉO',
    'RAPHAËL',
  ],
} as const;
const SURNAMES = [
  'MARTIN',
  'BERNARD',
  'DUBOIS',
  'THOMAS',
  'ROBERT',
  'RICHARD',
  'PETIT',
  'DURAND',
  'LEROY',
  'MOREAU',
  'SIMON',
  'LAURENT',
  'LEFEBVRE',
  'MICHEL',
  'GARCIA',
  'DAVID',
  'BERTRAND',
  'ROUX',
  'VINCENT',
  'FOURNIER',
  'MOREL',
  'GIRARD',
  'ANDRÉ',
  'LEFÈVRE',
  'MERCIER',
  'DUPONT',
  'LAMBERT',
  'BONNET',
  'FRANÇOIS',
  'MARTINEZ',
];
const CITIES = [
  { zip: '75011', city: 'Paris' },
  { zip: '69003', city: 'Lyon' },
  { zip: '13005', city: 'Marseille' },
  { zip: '31000', city: 'Toulouse' },
  { zip: '44000', city: 'Nantes' },
  { zip: '67000', city: 'Strasbourg' },
  { zip: '33000', city: 'Bordeaux' },
  { zip: '59000', city: 'Lille' },
  { zip: '35000', city: 'Rennes' },
  { zip: '06000', city: 'Nice' },
] as const;
const STREETS = [
  'rue des Lilas',
  'avenue de la République',
  'boulevard Voltaire',
  'rue Victor-Hugo',
  'place de la Mairie',
  'chemin des Vignes',
  'rue Pasteur',
  'allée des Tilleuls',
];
/** Products seeded for every tenant (the guarantees demo catalogue). */
const PRODUCTS = ['ESSENTIEL', 'CONFORT', 'PREMIUM'] as const;
const CONTRACTS = [
  { kind: 'INDIVIDUAL', label: 'Santé Essentielle Individuelle', insurerContract: 'MUTUA-IND-2024', productNumber: 'P-ESS-02', companyId: null },
  { kind: 'COLLECTIVE', label: 'Contrat collectif Entreprise', insurerContract: 'MUTUA-COL-2023', productNumber: 'P-COL-01', companyId: 'ENT-0042' },
] as const;

/** A small deterministic hash (the same seq always gives the same draws). */
export const draw = (seq: number, salt: number) => {
  let x = (seq * 2_654_435_761 + salt * 40_503) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, 2_246_822_519) >>> 0;
  x ^= x >>> 13;
  return x >>> 0;
};
const pick = <T>(list: readonly T[], seq: number, salt: number): T => list[draw(seq, salt) % list.length]!;
const isoDate = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Rows of one batch, column by column (sent as arrays and spread by unnest). */
export type BatchRows = {
  members: { id: string[]; tenantId: string[]; number: string[]; createdAt: string[] };
  /** NIRs and bank fields as the application stores them: sealed for their row, with their lookup hash. */
  people: {
    id: string[];
    memberId: string[];
    position: number[];
    rank: string[];
    firstName: string[];
    surName: string[];
    birthDate: string[];
    sex: string[];
    nir: string[];
    nirHmac: string[];
    nirKey: string[];
    product: string[];
    validFrom: string[];
  };
  contract: {
    memberId: string[];
    kind: string[];
    label: string[];
    insurerContract: string[];
    productNumber: string[];
    companyId: (string | null)[];
    email: string[];
    mobile: string[];
    line1: string[];
    zip: string[];
    city: string[];
  };
  bank: {
    id: string[];
    memberId: string[];
    usage: string[];
    position: number[];
    holder: string[];
    iban: string[];
    ibanHmac: string[];
    bic: (string | null)[];
    bankName: string[];
  };
  /** Members' sequence numbers and family sizes (the SQL side draws refunds and requests from them). */
  shape: { memberId: string[]; seq: number[]; familySize: number[] };
};

/** Appends one row to column arrays: each field's value to its column. */
function pushRow<T extends Record<string, unknown[]>>(columns: T, row: { [K in keyof T]: T[K][number] }): void {
  for (const key of Object.keys(columns) as (keyof T)[]) columns[key]!.push(row[key]);
}

/**
 * One family per sequence number: a main insured, often a partner, zero to three children. `sealerOf`
 * gives each tenant's sealer: a row's ciphertext is bound to its id, so every id is drawn here.
 */
export function familiesOf(
  seqs: readonly number[],
  tenantOf: (seq: number) => string,
  newId: () => string,
  sealerOf: (tenantId: string) => ProtectedFieldSealer,
): BatchRows {
  const rows: BatchRows = {
    members: { id: [], tenantId: [], number: [], createdAt: [] },
    people: {
      id: [],
      memberId: [],
      position: [],
      rank: [],
      firstName: [],
      surName: [],
      birthDate: [],
      sex: [],
      nir: [],
      nirHmac: [],
      nirKey: [],
      product: [],
      validFrom: [],
    },
    contract: { memberId: [], kind: [], label: [], insurerContract: [], productNumber: [], companyId: [], email: [], mobile: [], line1: [], zip: [], city: [] },
    bank: { id: [], memberId: [], usage: [], position: [], holder: [], iban: [], ibanHmac: [], bic: [], bankName: [] },
    shape: { memberId: [], seq: [], familySize: [] },
  };
  for (const seq of seqs) {
    const id = newId();
    const tenantId = tenantOf(seq);
    const seal = sealerOf(tenantId);
    const surName = pick(SURNAMES, seq, 1);
    const mainYear = 1950 + (draw(seq, 2) % 55);
    const mainSex = draw(seq, 3) % 2 ? 'F' : 'M';
    const hasPartner = draw(seq, 4) % 10 < 6;
    const children = mainYear > 1990 ? draw(seq, 5) % 3 : mainYear > 1965 ? draw(seq, 5) % 4 : 0;
    const people: { rank: string; sex: 'M' | 'F'; birthDate: string }[] = [
      { rank: 'MAIN', sex: mainSex, birthDate: isoDate(mainYear, 1 + (draw(seq, 6) % 12), 1 + (draw(seq, 7) % 28)) },
    ];
    if (hasPartner)
      people.push({
        rank: 'PARTNER',
        sex: mainSex === 'F' ? 'M' : 'F',
        birthDate: isoDate(mainYear - 3 + (draw(seq, 8) % 7), 1 + (draw(seq, 9) % 12), 1 + (draw(seq, 10) % 28)),
      });
    for (let c = 0; c < children; c++) {
      const year = Math.min(2025, mainYear + 25 + c * 3 + (draw(seq, 11 + c) % 3));
      people.push({
        rank: 'CHILD',
        sex: draw(seq, 20 + c) % 2 ? 'F' : 'M',
        birthDate: isoDate(year, 1 + (draw(seq, 30 + c) % 12), 1 + (draw(seq, 40 + c) % 28)),
      });
    }
    const product = pick(PRODUCTS, seq, 12);
    const since = isoDate(2015 + (draw(seq, 13) % 9), 1, 1);
    pushRow(rows.members, { id, tenantId, number: membershipNumberOf(seq), createdAt: `${since}T09:00:00Z` });
    people.forEach((p, i) => {
      // Four people at most per family: a person's number is the member's times four plus its index.
      const { nir, nirKey } = populationNir(seq * 4 + i, p.sex, p.birthDate);
      const personId = newId();
      const sealed = seal.nir('beneficiaries', personId, nir);
      pushRow(rows.people, {
        id: personId,
        memberId: id,
        position: i + 1,
        rank: p.rank,
        firstName: pick(FIRST_NAMES[p.sex], seq, 50 + i),
        surName,
        birthDate: p.birthDate,
        sex: p.sex,
        nir: sealed.nir,
        nirHmac: sealed.nirHmac,
        nirKey,
        product,
        validFrom: since,
      });
    });
    const contract = pick(CONTRACTS, seq, 14);
    const place = pick(CITIES, seq, 15);
    const mainFirst = rows.people.firstName[rows.people.firstName.length - people.length]!;
    pushRow(rows.contract, {
      memberId: id,
      ...contract,
      email: `adherent.${membershipNumberOf(seq)}@example.com`,
      mobile: `06${String(draw(seq, 16) % 100_000_000).padStart(8, '0')}`,
      line1: `${1 + (draw(seq, 17) % 120)} ${pick(STREETS, seq, 18)}`,
      zip: place.zip,
      city: place.city,
    });
    const holder = `${mainFirst.charAt(0)}${mainFirst.slice(1).toLowerCase()} ${surName.charAt(0)}${surName.slice(1).toLowerCase()}`;
    const account = populationIban(seq);
    for (const usage of ['contribution', 'refund']) {
      const accountId = newId();
      const sealed = seal.bank('bank_accounts', accountId, { holder, iban: account.iban, bic: account.bic });
      pushRow(rows.bank, {
        id: accountId,
        memberId: id,
        usage,
        position: 1,
        holder: sealed.holder,
        iban: sealed.iban,
        ibanHmac: sealed.ibanHmac,
        bic: sealed.bic,
        bankName: account.bankName,
      });
    }
    pushRow(rows.shape, { memberId: id, seq, familySize: people.length });
  }
  return rows;
}
