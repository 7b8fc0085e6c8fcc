import { actAt, parametersAt } from './catalogue';
import { computeCareLines } from './lines';
import type { CareLineInput, CareLineResult, Cents, Heading, InsuredStatus, IsoDate, ItemKind, LensComplexity, ProductVersion, Sector } from './types';

/*
 * The refund examples in euros every guarantees table publishes (lisibilité des garanties, 2019): the
 * same acts and the same assumed prices for every product, computed by the engine. The official list
 * and prices were not found: this is the best-known list, with assumed prices chosen here.
 */

type ExampleLine = {
  actCode: string;
  expenseCents: Cents | 'TARIFF';
  quantity?: number;
  sector?: Sector;
  itemKind?: ItemKind;
  lensComplexity?: LensComplexity;
};
export type RefundExampleSpec = { code: string; heading: Heading; label: string; hospitalised?: boolean; lines: ExampleLine[] };

const glasses = (lens: LensComplexity, frameCents: Cents, lensCents: Cents): ExampleLine[] => [
  { actCode: 'OPT_B_MONTURE', expenseCents: frameCents, itemKind: 'MONTURE', lensComplexity: lens },
  { actCode: 'OPT_B_VERRE', expenseCents: 2 * lensCents, quantity: 2, itemKind: 'VERRE', lensComplexity: lens },
];

export const REFUND_EXAMPLE_SPECS: readonly RefundExampleSpec[] = [
  {
    code: 'FJH',
    heading: 'HOSPITALISATION',
    label: 'Forfait journalier hospitalier (1 jour)',
    hospitalised: true,
    lines: [{ actCode: 'FJH', expenseCents: 'TARIFF' }],
  },
  {
    code: 'CHAMBRE',
    heading: 'HOSPITALISATION',
    label: 'Chambre particulière (1 nuit facturée 80\u00a0€)',
    hospitalised: true,
    lines: [{ actCode: 'CHAMBRE_PARTICULIERE', expenseCents: 8000 }],
  },
  {
    code: 'CHIRURGIE_OPTAM',
    heading: 'HOSPITALISATION',
    label: 'Opération de la cataracte, chirurgien OPTAM (honoraires de 450\u00a0€)',
    hospitalised: true,
    lines: [{ actCode: 'CATARACTE', expenseCents: 45000, sector: '2_OPTAM' }],
  },
  {
    code: 'CHIRURGIE_NON_OPTAM',
    heading: 'HOSPITALISATION',
    label: 'Opération de la cataracte, chirurgien non OPTAM (honoraires de 450\u00a0€)',
    hospitalised: true,
    lines: [{ actCode: 'CATARACTE', expenseCents: 45000, sector: '2_NON_OPTAM' }],
  },
  {
    code: 'GENERALISTE',
    heading: 'SOINS_COURANTS',
    label: 'Consultation de médecin généraliste, secteur 1 (30\u00a0€)',
    lines: [{ actCode: 'G', expenseCents: 3000, sector: '1' }],
  },
  {
    code: 'SPECIALISTE_OPTAM',
    heading: 'SOINS_COURANTS',
    label: 'Consultation de spécialiste OPTAM (50\u00a0€)',
    lines: [{ actCode: 'CS', expenseCents: 5000, sector: '2_OPTAM' }],
  },
  {
    code: 'SPECIALISTE_NON_OPTAM',
    heading: 'SOINS_COURANTS',
    label: 'Consultation de spécialiste non OPTAM (50\u00a0€)',
    lines: [{ actCode: 'CS', expenseCents: 5000, sector: '2_NON_OPTAM' }],
  },
  {
    code: 'LUNETTES_100_SANTE',
    heading: 'OPTIQUE',
    label: 'Lunettes 100 % Santé, verres simples (95\u00a0€)',
    lines: [
      { actCode: 'OPT_A_MONTURE', expenseCents: 3000, itemKind: 'MONTURE' },
      { actCode: 'OPT_A_VERRE', expenseCents: 6500, quantity: 2, itemKind: 'VERRE' },
    ],
  },
  {
    code: 'LUNETTES_B_SIMPLES',
    heading: 'OPTIQUE',
    label: 'Lunettes classe B, verres simples (monture 150\u00a0€, verres 2 × 150\u00a0€)',
    lines: glasses('SIMPLE', 15000, 15000),
  },
  {
    code: 'LUNETTES_B_PROGRESSIFS',
    heading: 'OPTIQUE',
    label: 'Lunettes classe B, verres progressifs (monture 150\u00a0€, verres 2 × 350\u00a0€)',
    lines: glasses('VERY_COMPLEX', 15000, 35000),
  },
  {
    code: 'COURONNE_100_SANTE',
    heading: 'DENTAIRE',
    label: 'Couronne céramo-métallique sur incisive, 100 % Santé (500\u00a0€)',
    lines: [{ actCode: 'COURONNE_CM_INCISIVE', expenseCents: 50000 }],
  },
  {
    code: 'COURONNE_LIBRE',
    heading: 'DENTAIRE',
    label: 'Couronne céramo-métallique sur molaire, tarif libre (500\u00a0€)',
    lines: [{ actCode: 'COURONNE_CM_MOLAIRE', expenseCents: 50000 }],
  },
  {
    code: 'AUDIO_CLASSE_I',
    heading: 'AIDES_AUDITIVES',
    label: 'Aide auditive 100 % Santé, classe I (950\u00a0€ par oreille)',
    lines: [{ actCode: 'AUDIO_I', expenseCents: 95000 }],
  },
  {
    code: 'AUDIO_CLASSE_II',
    heading: 'AIDES_AUDITIVES',
    label: 'Aide auditive classe II (1 500\u00a0€ par oreille)',
    lines: [{ actCode: 'AUDIO_II', expenseCents: 150000 }],
  },
];

export type RefundExample = {
  code: string;
  heading: Heading;
  label: string;
  expenseCents: Cents;
  /** The Sécurité sociale's refund after the participation forfaitaire and franchises. */
  amoCents: Cents;
  amcCents: Cents;
  remainingCents: Cents;
  explanation: string;
  lines: CareLineResult[];
};

/** The assumed member: an adult in the parcours de soins, general regime, nothing used yet. */
const EXAMPLE_INSURED: InsuredStatus = { age: 40, regime: 'GENERAL', parcours: true };

export function refundExamples(product: ProductVersion, date: IsoDate): RefundExample[] {
  const parameters = parametersAt(date);
  return REFUND_EXAMPLE_SPECS.flatMap((spec) => {
    const inputs: CareLineInput[] = [];
    for (const line of spec.lines) {
      const act = actAt(line.actCode, date);
      if (!act) return [];
      const expenseCents = line.expenseCents === 'TARIFF' ? (act.baseCents ?? 0) * (line.quantity ?? 1) : line.expenseCents;
      inputs.push({
        act,
        careDate: date,
        expenseCents,
        quantity: line.quantity ?? 1,
        sector: line.sector,
        itemKind: line.itemKind,
        lensComplexity: line.lensComplexity,
        hospitalised: spec.hospitalised,
        insured: EXAMPLE_INSURED,
        product,
        parameters,
      });
    }
    const lines = computeCareLines(inputs);
    const sum = (pick: (r: CareLineResult) => Cents) => lines.reduce((n, r) => n + pick(r), 0);
    const telling = lines.reduce((a, b) => (b.remainingCents > a.remainingCents ? b : a));
    return [
      {
        code: spec.code,
        heading: spec.heading,
        label: spec.label,
        expenseCents: sum((r) => r.expenseCents),
        amoCents: sum((r) => r.amoNetCents),
        amcCents: sum((r) => r.amcCents),
        remainingCents: sum((r) => r.remainingCents),
        explanation: telling.explanation,
        lines,
      },
    ];
  });
}
