import type { TAllowance, TCareActSummary, TEstimateLine, TGuaranteesOverview } from '@mutua/contracts/guarantees-api';

/** Answers of the guarantees API, as the server gives them, for component tests. */

export const careAct = (patch: Partial<TCareActSummary> = {}): TCareActSummary => ({
  code: 'OSTEO',
  label: 'Ostéopathie',
  heading: 'SOINS_COURANTS',
  family: 'OSTEOPATHIE',
  baseCents: null,
  amoRate: 0,
  basket: null,
  priceCapCents: null,
  asks: { sector: false, deviceClasses: [], lensComplexity: false, itemKinds: [], quantity: false },
  status: 'VERIFIED',
  source: 'CSS',
  ...patch,
});

/** Worked example 9: ostéopathie 60 €, Confort, 2 of 3 sessions used. */
export const osteoLine = (patch: Partial<TEstimateLine> = {}): TEstimateLine => ({
  actCode: 'OSTEO',
  label: 'Ostéopathie',
  quantity: 1,
  expenseCents: 6000,
  baseCents: 0,
  amoRate: 0,
  amoGrossCents: 0,
  participationCents: 0,
  franchiseCents: 0,
  amoNetCents: 0,
  amcCents: 3000,
  remainingCents: 3000,
  capsApplied: [],
  allowance: {
    guaranteeCode: 'OSTEO',
    unit: 'ACTS',
    amount: 1,
    max: 3,
    remainingAfter: 0,
    periodEnd: '2026-12-31',
    sentence: 'Il vous restera 0 séance sur 3 en 2026.',
  },
  explanation: 'Vous avez utilisé vos 3 séances remboursées en 2026.',
  guarantee: { code: 'OSTEO', label: 'Médecines douces : 30 € par séance' },
  steps: [],
  engineVersion: 'test',
  ...patch,
});

export const osteoAllowance = (patch: Partial<TAllowance> = {}): TAllowance => ({
  guaranteeCode: 'OSTEO',
  label: 'Ostéopathie',
  heading: 'SOINS_COURANTS',
  unit: 'ACTS',
  used: 2,
  max: 3,
  remaining: 1,
  period: 'CALENDAR_YEAR',
  scope: 'BENEFICIARY',
  periodEnd: '2026-12-31',
  availableFrom: null,
  sentence: 'Ostéopathie : il vous reste 1 séance sur 3 en 2026 (30 € par séance).',
  ...patch,
});

export const overview = (patch: Partial<TGuaranteesOverview> = {}): TGuaranteesOverview => ({
  beneficiaries: [
    { familyPosition: 1, firstName: 'CAMILLE', surName: 'DURAND', productCode: 'CONFORT', since: '2024-01-01', regime: 'GENERAL' },
    { familyPosition: 3, firstName: 'LÉA', surName: 'DURAND', productCode: 'CONFORT', since: '2024-01-01', regime: 'GENERAL' },
  ],
  products: [
    {
      code: 'CONFORT',
      label: 'Confort',
      validFrom: '2026-01-01',
      responsable: true,
      guarantees: [],
      table: [
        {
          heading: 'HOSPITALISATION',
          label: 'Hospitalisation',
          rows: [{ code: 'CHAMBRE_PART', label: 'Chambre particulière', value: '50 € par nuit, 30 nuits par an' }],
        },
        { heading: 'DENTAIRE', label: 'Dentaire', rows: [] },
        {
          heading: 'OPTIQUE',
          label: 'Optique',
          rows: [{ code: 'OPT_B_SIMPLE', label: 'Équipement classe B, verres simples', value: '200 € dont monture 100 €, un équipement tous les 2 ans' }],
        },
        { heading: 'AIDES_AUDITIVES', label: 'Aides auditives', rows: [] },
        { heading: 'SOINS_COURANTS', label: 'Soins courants', rows: [{ code: 'OSTEO', label: 'Ostéopathie', value: '30 € par séance, 3 séances par an' }] },
      ],
      examples: [
        {
          code: 'GP',
          heading: 'SOINS_COURANTS',
          label: 'Consultation généraliste secteur 1',
          expenseCents: 3000,
          amoCents: 1900,
          amcCents: 900,
          remainingCents: 200,
          explanation: 'Les 2 € restants sont la participation forfaitaire, non remboursable.',
        },
      ],
    },
  ],
  ...patch,
});
