import { refundBeneficiaryTypeOfRank, type OperationType, type PaymentTarget } from '@mutua/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { beneficiaries, members, refundActs, refunds } from '../schema';
import { DEMO_MEMBERS } from './members';

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

type ActModel = {
  code: string;
  wording: string;
  /** Billed amount range in cents. */
  billed: [number, number];
  /** Social security base: a fixed amount in cents, or 'billed' when the base is what was billed. */
  base: number | 'billed';
  rate: number;
  /** Share of the amount above the SS refund that the mutuelle covers. */
  cover: number;
};

const ACTS: Record<OperationType, { weight: number; wording: string; thirdParties: string[]; targets: PaymentTarget[]; acts: ActModel[]; count: [number, number] }> = {
  consultation: {
    weight: 30,
    wording: 'Consultation',
    thirdParties: ['Dr Claire Martin', 'Dr Karim Benali', 'Dr Sophie Laurent (pédiatre)', 'Dr Marc Dubois (dermatologue)'],
    targets: ['bank_account', 'bank_account', 'insured', 'health_professional'],
    acts: [
      { code: 'G', wording: 'Consultation de médecine générale', billed: [3000, 3000], base: 3000, rate: 70, cover: 1 },
      { code: 'CS', wording: 'Consultation de spécialiste', billed: [5000, 9000], base: 3150, rate: 70, cover: 0.8 },
    ],
    count: [1, 1],
  },
  pharmacy: {
    weight: 25,
    wording: 'Pharmacie',
    thirdParties: ['Pharmacie du Marché', 'Pharmacie de la République', 'Grande Pharmacie Voltaire'],
    targets: ['health_professional', 'health_professional', 'health_professional', 'included_in_other_payment'],
    acts: [
      { code: 'PH7', wording: 'Médicaments remboursés à 65 %', billed: [300, 4500], base: 'billed', rate: 65, cover: 1 },
      { code: 'PH4', wording: 'Médicaments remboursés à 30 %', billed: [250, 2500], base: 'billed', rate: 30, cover: 1 },
      { code: 'PH2', wording: 'Médicaments remboursés à 15 %', billed: [400, 1800], base: 'billed', rate: 15, cover: 0.5 },
    ],
    count: [1, 3],
  },
  analysis: {
    weight: 8,
    wording: 'Analyses de biologie',
    thirdParties: ['Laboratoire Bio Paris Est', 'Laboratoire Cerballiance'],
    targets: ['health_professional'],
    acts: [{ code: 'B', wording: 'Analyses de biologie médicale', billed: [1500, 9000], base: 'billed', rate: 60, cover: 1 }],
    count: [1, 1],
  },
  paramedical: {
    weight: 8,
    wording: 'Auxiliaires médicaux',
    thirdParties: ['Cabinet de kinésithérapie Oberkampf', 'Cabinet infirmier Saint-Maur'],
    targets: ['bank_account', 'health_professional'],
    acts: [
      { code: 'AMK', wording: 'Séance de kinésithérapie', billed: [1800, 2500], base: 1615, rate: 60, cover: 1 },
      { code: 'AMI', wording: 'Soins infirmiers', billed: [1000, 1600], base: 'billed', rate: 60, cover: 1 },
    ],
    count: [1, 2],
  },
  dental: {
    weight: 8,
    wording: 'Soins dentaires',
    thirdParties: ['Dr Julie Moreau (chirurgien-dentiste)', 'Centre dentaire Nation'],
    targets: ['bank_account', 'health_professional', 'other_mutual'],
    acts: [
      { code: 'HBJD001', wording: 'Détartrage et polissage', billed: [2892, 2892], base: 2892, rate: 70, cover: 1 },
      { code: 'HBLD036', wording: 'Couronne céramo-métallique', billed: [50000, 80000], base: 12000, rate: 70, cover: 0.7 },
      { code: 'HBMD053', wording: 'Traitement d’une carie', billed: [2600, 4000], base: 2600, rate: 70, cover: 1 },
    ],
    count: [1, 2],
  },
  optical: {
    weight: 4,
    wording: 'Optique',
    thirdParties: ['Optique Lafayette Bastille', 'Les Opticiens Mutualistes'],
    targets: ['health_professional', 'bank_account'],
    acts: [
      { code: 'MON', wording: 'Monture', billed: [9000, 20000], base: 5, rate: 60, cover: 0.6 },
      { code: 'VER', wording: 'Verres unifocaux (la paire)', billed: [12000, 30000], base: 10, rate: 60, cover: 0.7 },
    ],
    count: [2, 2],
  },
  alternative_medicine: {
    weight: 6,
    wording: 'Médecines douces',
    thirdParties: ['Cabinet d’ostéopathie Charonne', 'Mme Anne Petit (sophrologue)'],
    targets: ['insured', 'bank_account'],
    acts: [{ code: 'OST', wording: 'Séance d’ostéopathie', billed: [5500, 7000], base: 0, rate: 0, cover: 0.6 }],
    count: [1, 1],
  },
  hearing: {
    weight: 1,
    wording: 'Aides auditives',
    thirdParties: ['Audition Conseil République'],
    targets: ['health_professional'],
    acts: [{ code: 'AUD', wording: 'Aide auditive (une oreille)', billed: [95000, 140000], base: 40000, rate: 60, cover: 0.5 }],
    count: [1, 1],
  },
  hospital: {
    weight: 4,
    wording: 'Hospitalisation',
    thirdParties: ['Hôpital Saint-Antoine', 'Clinique du Mont-Louis'],
    targets: ['health_professional'],
    acts: [
      { code: 'FJ', wording: 'Forfait journalier hospitalier', billed: [2000, 6000], base: 0, rate: 0, cover: 1 },
      { code: 'CP', wording: 'Chambre particulière', billed: [6000, 18000], base: 0, rate: 0, cover: 1 },
    ],
    count: [2, 2],
  },
};

const FAMILIES = Object.keys(ACTS) as OperationType[];
const TOTAL_WEIGHT = FAMILIES.reduce((n, f) => n + ACTS[f].weight, 0);

type Rng = () => number;
const between = (rng: Rng, [min, max]: [number, number]) => Math.round(min + rng() * (max - min));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

function pickFamily(rng: Rng): OperationType {
  let n = rng() * TOTAL_WEIGHT;
  for (const f of FAMILIES) {
    n -= ACTS[f].weight;
    if (n < 0) return f;
  }
  return 'consultation';
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000));

export type GeneratedAct = {
  position: number;
  actCode: string;
  wording: string;
  careDate: string;
  quantity: number;
  billedCents: number;
  socialSecurityBaseCents: number;
  socialSecurityRate: number;
  socialSecurityCents: number;
  otherMutualCents: number;
  productCents: number;
  remainingChargeCents: number;
};

/** One sub-act with consistent amounts: billed = SS + other mutual + product + remaining charge. */
function makeAct(rng: Rng, model: ActModel, position: number, careDate: string, otherMutual: boolean): GeneratedAct {
  const billed = between(rng, model.billed);
  const base = model.base === 'billed' ? billed : Math.min(model.base, billed);
  const ss = Math.round((base * model.rate) / 100);
  const otherMutualCents = otherMutual ? Math.round((billed - ss) * 0.4) : 0;
  const productCents = Math.round((billed - ss - otherMutualCents) * model.cover);
  return {
    position,
    actCode: model.code,
    wording: model.wording,
    careDate,
    quantity: 1,
    billedCents: billed,
    socialSecurityBaseCents: base,
    socialSecurityRate: model.rate,
    socialSecurityCents: ss,
    otherMutualCents,
    productCents,
    remainingChargeCents: billed - ss - otherMutualCents - productCents,
  };
}

export type GeneratedRefund = {
  reference: string;
  careDate: string;
  paymentDate: string;
  actFamily: OperationType;
  actWording: string;
  paymentTarget: PaymentTarget;
  thirdPartyName: string;
  socialSecurityRate: number;
  acts: GeneratedAct[];
  totals: { totalCostCents: number; socialSecurityCents: number; otherMutualCents: number; productCents: number; remainingChargeCents: number };
};

/** `count` refunds with care dates spread over the year before `today`, newest last. */
export function generateRefunds(rng: Rng, count: number, today: string, referencePrefix: string): GeneratedRefund[] {
  const out: GeneratedRefund[] = [];
  for (let i = 0; i < count; i++) {
    const family = pickFamily(rng);
    const model = ACTS[family];
    const careDate = addDays(today, -(3 + Math.floor(rng() * 362)));
    let paymentDate = addDays(careDate, 2 + Math.floor(rng() * 9));
    if (paymentDate > today) paymentDate = today;
    let target = pick(rng, model.targets);
    const otherMutual = target === 'other_mutual';
    const n = between(rng, model.count);
    const acts = Array.from({ length: n }, (_, k) => makeAct(rng, family === 'optical' || family === 'hospital' ? model.acts[k]! : pick(rng, model.acts), k + 1, careDate, otherMutual));
    const sum = (key: keyof GeneratedAct) => acts.reduce((s, a) => s + (a[key] as number), 0);
    const totals = {
      totalCostCents: sum('billedCents'),
      socialSecurityCents: sum('socialSecurityCents'),
      otherMutualCents: sum('otherMutualCents'),
      productCents: sum('productCents'),
      remainingChargeCents: sum('remainingChargeCents'),
    };
    if (totals.productCents === 0 && target !== 'other_mutual') target = 'included_in_other_payment';
    out.push({
      reference: '',
      careDate,
      paymentDate,
      actFamily: family,
      actWording: n === 1 ? acts[0]!.wording : `${model.wording} (${n} actes)`,
      paymentTarget: target,
      thirdPartyName: pick(rng, model.thirdParties),
      socialSecurityRate: acts[0]!.socialSecurityRate,
      acts,
      totals,
    });
  }
  out.sort((a, b) => a.careDate.localeCompare(b.careDate));
  out.forEach((r, i) => (r.reference = `${referencePrefix}${r.paymentDate.slice(0, 4)}-${String(i + 1).padStart(6, '0')}`));
  return out;
}

async function seedMemberRefunds(db: Db, tenantId: string, membershipNumber: string, count: number, seed: number, prefix: string, today: string): Promise<void> {
  const [member] = await db.select({ id: members.id }).from(members).where(and(eq(members.tenantId, tenantId), eq(members.membershipNumber, membershipNumber)));
  if (!member) throw new Error(`demo member ${membershipNumber} missing`);
  const family = await db.select().from(beneficiaries).where(eq(beneficiaries.memberId, member.id)).orderBy(beneficiaries.familyPosition);
  const rng = seededRandom(seed);
  const generated = generateRefunds(rng, count, today, prefix);
  const who = generated.map((r) => {
    // The main insured and children see the doctor most; partners a bit less.
    const b = r.actFamily === 'hearing' ? family[0]! : pick(rng, [...family, family[0]!]);
    return b;
  });
  const inserted = await db
    .insert(refunds)
    .values(
      generated.map((r, i) => ({
        memberId: member.id,
        beneficiaryId: who[i]!.id,
        beneficiaryType: refundBeneficiaryTypeOfRank(who[i]!.rank),
        reference: r.reference,
        careDate: r.careDate,
        paymentDate: r.paymentDate,
        actFamily: r.actFamily,
        actWording: r.actWording,
        paymentTarget: r.paymentTarget,
        thirdPartyName: r.thirdPartyName,
        socialSecurityRate: r.socialSecurityRate,
        ...r.totals,
      })),
    )
    .returning({ id: refunds.id, reference: refunds.reference });
  const idOf = new Map(inserted.map((r) => [r.reference, r.id]));
  await db.insert(refundActs).values(generated.flatMap((r) => r.acts.map((a) => ({ refundId: idOf.get(r.reference)!, ...a }))));
}

/** Demo refund counts: a year of care for Camille's family of four, a few for Lea. */
export const DEMO_REFUND_COUNTS = { camille: 150, lea: 8 } as const;

/** Seed step '021-demo-refunds'. Dates are relative to the day the demo data is loaded. */
export async function seedRefunds(db: Db): Promise<void> {
  const today = isoDay(new Date());
  await seedMemberRefunds(db, 'mutua', DEMO_MEMBERS.camille, DEMO_REFUND_COUNTS.camille, 20_260_115, 'D', today);
  await seedMemberRefunds(db, 'azur', DEMO_MEMBERS.lea, DEMO_REFUND_COUNTS.lea, 78_901_234, 'AZ', today);
}
