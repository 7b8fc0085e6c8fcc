import type { TEstimateLineInput } from '@mutua/contracts/guarantees-api';
import type { PaymentTarget } from '@mutua/contracts/refunds';
import type { Sector } from '@mutua/contracts/guarantees';

/*
 * The demo refunds as care claims (act, expense, professional): the guarantees module publishes them
 * through the engine like any refund, so every amount, explanation and allowance of the demo is
 * computed, none typed (modules/guarantees/demo-refunds.ts).
 */

/** Deterministic pseudo-random numbers (mulberry32): the same demo data on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Rng = () => number;
type LineModel = { actCode: string; expense: [number, number]; sector?: Sector; quantity?: [number, number] } & Pick<
  TEstimateLineInput,
  'deviceClass' | 'lensComplexity' | 'itemKind'
>;
type ClaimModel = { weight: number; thirdParties: string[]; targets: PaymentTarget[]; lines: LineModel[][]; adultsOnly?: boolean };

/** Kinds of care, by how often a family meets them; each claim picks one of its line sets. */
const CLAIMS: ClaimModel[] = [
  {
    weight: 30,
    thirdParties: ['Dr Claire Martin', 'Dr Karim Benali', 'Dr Sophie Laurent (pédiatre)', 'Dr Marc Dubois (dermatologue)'],
    targets: ['bank_account', 'bank_account', 'insured', 'health_professional'],
    lines: [
      [{ actCode: 'G', expense: [3000, 3000] }],
      [{ actCode: 'CS', expense: [5000, 8000], sector: '2_OPTAM' }],
      [{ actCode: 'G', expense: [4500, 6000], sector: '2_NON_OPTAM' }],
    ],
  },
  {
    weight: 25,
    thirdParties: ['Pharmacie du Marché', 'Pharmacie de la République', 'Grande Pharmacie Voltaire'],
    targets: ['health_professional', 'health_professional', 'included_in_other_payment'],
    lines: [
      [{ actCode: 'MEDICAMENT_65', expense: [300, 1500], quantity: [1, 3] }],
      [
        { actCode: 'MEDICAMENT_65', expense: [400, 900] },
        { actCode: 'MEDICAMENT_30', expense: [250, 1200] },
      ],
    ],
  },
  {
    weight: 8,
    thirdParties: ['Laboratoire Bio Paris Est', 'Laboratoire Cerballiance'],
    targets: ['health_professional'],
    lines: [[{ actCode: 'BIOLOGIE', expense: [1500, 9000] }]],
  },
  {
    weight: 8,
    thirdParties: ['Cabinet de kinésithérapie Oberkampf', 'Cabinet infirmier Saint-Maur'],
    targets: ['bank_account', 'health_professional'],
    lines: [
      [{ actCode: 'KINE', expense: [1800, 2500] }],
      [
        { actCode: 'AMI1', expense: [315, 315] },
        { actCode: 'IFD', expense: [275, 275] },
      ],
    ],
  },
  {
    weight: 8,
    thirdParties: ['Dr Julie Moreau (chirurgien-dentiste)', 'Centre dentaire Nation'],
    targets: ['bank_account', 'health_professional'],
    lines: [
      [{ actCode: 'DETARTRAGE', expense: [4338, 4338] }],
      [{ actCode: 'COURONNE_CM_MOLAIRE', expense: [50000, 80000] }],
      [{ actCode: 'DENT_CONSULT', expense: [2300, 2300] }],
    ],
  },
  {
    weight: 4,
    thirdParties: ['Optique Lafayette Bastille', 'Les Opticiens Mutualistes'],
    targets: ['health_professional', 'bank_account'],
    lines: [
      [
        { actCode: 'OPT_B_MONTURE', expense: [9000, 20000], deviceClass: 'B', itemKind: 'MONTURE' },
        { actCode: 'OPT_B_VERRE', expense: [12000, 30000], deviceClass: 'B', lensComplexity: 'SIMPLE', itemKind: 'VERRE', quantity: [2, 2] },
      ],
    ],
  },
  {
    weight: 4,
    thirdParties: ['Cabinet d’ostéopathie Charonne'],
    targets: ['insured', 'bank_account'],
    lines: [[{ actCode: 'CHIROPRAXIE', expense: [5500, 7000] }]],
  },
  {
    weight: 1,
    thirdParties: ['Audition Conseil République'],
    targets: ['health_professional'],
    adultsOnly: true,
    lines: [[{ actCode: 'AUDIO_II', expense: [95000, 140000], deviceClass: 'II' }]],
  },
  {
    weight: 4,
    thirdParties: ['Hôpital Saint-Antoine', 'Clinique du Mont-Louis'],
    targets: ['health_professional'],
    lines: [
      [
        { actCode: 'FJH', expense: [0, 0], quantity: [1, 5] },
        { actCode: 'CHAMBRE_PARTICULIERE', expense: [6000, 9000], quantity: [1, 5] },
      ],
    ],
  },
];
const TOTAL_WEIGHT = CLAIMS.reduce((n, c) => n + c.weight, 0);

const between = (rng: Rng, [min, max]: [number, number]) => Math.round(min + rng() * (max - min));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000));

export type DemoClaim = {
  familyPosition: number;
  careDate: string;
  paymentDate: string;
  reference: string;
  paymentTarget: PaymentTarget;
  thirdPartyName: string;
  lines: TEstimateLineInput[];
};

/**
 * `count` claims with care dates over the year before `today`, for a family of `familySize` people
 * (position 1 = the main insured), in care-date order. Soft medicine goes to the others: the main
 * insured's sessions are the ones the demo sets (two osteopathy sessions of the year).
 */
export function generateClaims(rng: Rng, count: number, familySize: number, today: string, referencePrefix: string): DemoClaim[] {
  const out: DemoClaim[] = [];
  for (let i = 0; i < count; i++) {
    let n = rng() * TOTAL_WEIGHT;
    const model = CLAIMS.find((c) => (n -= c.weight) < 0) ?? CLAIMS[0]!;
    const careDate = addDays(today, -(3 + Math.floor(rng() * 362)));
    let paymentDate = addDays(careDate, 2 + Math.floor(rng() * 9));
    if (paymentDate > today) paymentDate = today;
    const soft = model.lines[0]![0]!.actCode === 'CHIROPRAXIE';
    const positions = Array.from({ length: familySize }, (_, k) => k + 1).filter((p) => !(soft && p === 1 && familySize > 1) && !(model.adultsOnly && p > 2));
    const lines = pick(rng, model.lines).map((m) => {
      const quantity = m.quantity ? between(rng, m.quantity) : 1;
      const { expense, quantity: _q, ...rest } = m;
      // An expense of [0, 0]: the tariff itself (FJH 23 € a day), filled in by the caller.
      return {
        ...rest,
        sector: m.sector ?? '1',
        quantity,
        expenseCents: expense[1] === 0 ? 0 : between(rng, expense) * (m.actCode === 'CHAMBRE_PARTICULIERE' ? quantity : 1),
      };
    });
    out.push({
      familyPosition: pick(rng, positions),
      careDate,
      paymentDate,
      reference: '',
      paymentTarget: pick(rng, model.targets),
      thirdPartyName: pick(rng, model.thirdParties),
      lines,
    });
  }
  out.sort((a, b) => a.careDate.localeCompare(b.careDate));
  out.forEach((r, i) => (r.reference = `${referencePrefix}${r.paymentDate.slice(0, 4)}-${String(i + 1).padStart(6, '0')}`));
  return out;
}

/** Demo refund counts: a year of care for Camille's family of four, a few for Lea. */
export const DEMO_REFUND_COUNTS = { camille: 150, lea: 8 } as const;
