import { describe, expect, it } from 'vitest';
import { actAt, parametersAt } from './catalogue';
import { computeCareLine } from './engine';
import { computeCareLines } from './lines';
import { productVersions } from './products';
import type { CareLineInput, Formula, Guarantee, InsuredStatus, Limit, ProductVersion } from './types';

// Each formula kind, each limit, each deduction cap and each legal cap on its own.

const DATE = '2026-06-15';
const ADULT: InsuredStatus = { age: 40, regime: 'GENERAL', parcours: true };
const productWith = (
  family: string,
  formula: Formula,
  opts: { limits?: Limit[]; responsable?: boolean; sectors?: Guarantee['match']['sectors'] } = {},
): ProductVersion => ({
  code: 'TEST',
  label: 'Test',
  validFrom: '2026-01-01',
  responsable: opts.responsable ?? false,
  guarantees: [{ code: 'G1', heading: 'SOINS_COURANTS', label: 'Garantie', match: { family, sectors: opts.sectors }, formula, limits: opts.limits }],
});
const real = (code: string) => productVersions(code)[0]!;
const line = (actCode: string, expenseCents: number, product: ProductVersion, extra: Partial<CareLineInput> = {}): CareLineInput => ({
  act: actAt(actCode, extra.careDate ?? DATE)!,
  careDate: DATE,
  expenseCents,
  quantity: 1,
  insured: ADULT,
  product,
  parameters: parametersAt(extra.careDate ?? DATE),
  ...extra,
});
const amc = (i: CareLineInput) => computeCareLine(i).amcCents;
const perYear = (unit: Limit['unit'], max: number): Limit => ({ unit, max, period: 'CALENDAR_YEAR', scope: 'BENEFICIARY' });

describe('formula kinds', () => {
  it('PCT_BR includes the Sécurité sociale’s part, or comes on top of it', () => {
    expect(amc(line('G', 5000, productWith('CONSULTATION', { kind: 'PCT_BR', pct: 150, includesAmo: true })))).toBe(2400);
    expect(amc(line('G', 5000, productWith('CONSULTATION', { kind: 'PCT_BR', pct: 50, includesAmo: false })))).toBe(1500);
  });

  it('FRAIS_REELS pays what the Sécurité sociale leaves, never the participation', () => {
    const r = computeCareLine(line('G', 5000, productWith('CONSULTATION', { kind: 'FRAIS_REELS' })));
    expect([r.amcCents, r.remainingCents]).toEqual([2900, 200]);
  });

  it('FIXED_PER_ACT and PER_DAY multiply by the quantity, within the expense', () => {
    expect(amc(line('OSTEOPATHIE', 12000, productWith('MEDECINES_DOUCES', { kind: 'FIXED_PER_ACT', cents: 3000 }), { quantity: 2 }))).toBe(6000);
    const r = computeCareLine(line('CHAMBRE_PARTICULIERE', 12000, productWith('HOSPIT_CHAMBRE', { kind: 'PER_DAY', cents: 5000 }), { quantity: 3 }));
    expect(r.amcCents).toBe(12000);
    expect(r.capsApplied.map((c) => c.code)).toEqual(['INDEMNITY']);
  });

  it('FORFAIT_ITEM: a package per ear for hearing aids, per equipment for glasses, with a frame sub-cap', () => {
    expect(amc(line('AUDIO_II', 300000, real('CONFORT'), { quantity: 2 }))).toBe(2 * 80000 - 48000);
    const product = productWith('OPTIQUE', { kind: 'FORFAIT_ITEM', cents: 30000, includesAmo: true, subCaps: [{ item: 'MONTURE', cents: 6000 }] });
    const frame = computeCareLine(line('OPT_B_MONTURE', 15000, product, { itemKind: 'MONTURE' }));
    expect(frame.amcCents).toBe(5997);
    expect(frame.capsApplied).toEqual([{ code: 'CONTRACT_SUBCAP', label: 'plafond monture 60,00\u00a0€ – contrat', beforeCents: 29997, afterCents: 5997 }]);
    const [, lenses] = computeCareLines([
      line('OPT_B_MONTURE', 15000, product, { itemKind: 'MONTURE' }),
      line('OPT_B_VERRE', 40000, product, { itemKind: 'VERRE', quantity: 2 }),
    ]);
    expect(lenses!.amcCents).toBe(30000 - 6000 - 6);
  });

  it('ENVELOPE: a yearly amount used up act after act', () => {
    const product = productWith('DENTAIRE_IMPLANT', { kind: 'ENVELOPE', cents: 30000 }, { limits: [perYear('EUR', 30000)] });
    const usage = (used: number) => [{ guaranteeCode: 'G1', limitIndex: 0, used, periodEnd: '2026-12-31' }];
    const partly = computeCareLine(line('IMPLANT', 100000, product, { usage: usage(20000) }));
    expect(partly.amcCents).toBe(10000);
    expect(partly.allowanceUses).toEqual([{ guaranteeCode: 'G1', limitIndex: 0, unit: 'EUR', amount: 10000, remainingAfter: 0, max: 30000 }]);
    const spent = computeCareLine(line('IMPLANT', 100000, product, { usage: usage(30000) }));
    expect(spent.amcCents).toBe(0);
    expect(spent.capsApplied[0]!.label).toBe('forfait annuel atteint');
    expect(spent.explanation).toBe('Forfait annuel atteint\u00a0: votre mutuelle rembourse 0,00\u00a0€\u00a0; il vous reste 1\u202f000,00\u00a0€.');
  });

  it('SUM (« 100 % BR + 150\u00a0€ ») and MIN (the lower of two)', () => {
    const sum = productWith('DENTAIRE_PROTHESE', {
      kind: 'SUM',
      parts: [
        { kind: 'PCT_BR', pct: 100, includesAmo: true },
        { kind: 'FIXED_PER_ACT', cents: 15000 },
      ],
    });
    expect(amc(line('COURONNE_CM_MOLAIRE', 50000, sum))).toBe(4800 + 15000);
    const min = productWith('DENTAIRE_PROTHESE', {
      kind: 'MIN',
      parts: [
        { kind: 'PCT_BR', pct: 300, includesAmo: true },
        { kind: 'FIXED_PER_ACT', cents: 5000 },
      ],
    });
    expect(amc(line('COURONNE_CM_MOLAIRE', 50000, min))).toBe(5000);
  });

  it('no guarantee and no legal obligation: nothing from the mutuelle', () => {
    const r = computeCareLine(line('OSTEOPATHIE', 6000, real('ESSENTIEL')));
    expect([r.amcCents, r.remainingCents, r.guarantee]).toEqual([0, 6000, null]);
    expect(r.explanation).toBe('Ce soin n’est remboursé ni par la Sécurité sociale ni par votre contrat\u00a0: il vous reste 60,00\u00a0€.');
  });
});

describe('limits', () => {
  it('ACTS and DAYS pay only the units left', () => {
    const osteo = computeCareLine(
      line('OSTEOPATHIE', 18000, real('CONFORT'), {
        quantity: 3,
        usage: [{ guaranteeCode: 'MEDECINES_DOUCES', limitIndex: 0, used: 2, periodEnd: '2026-12-31' }],
      }),
    );
    expect([osteo.amcCents, osteo.allowanceUses[0]!.amount]).toEqual([3000, 1]);
    const room = computeCareLine(
      line('CHAMBRE_PARTICULIERE', 40000, real('CONFORT'), {
        quantity: 5,
        usage: [{ guaranteeCode: 'CHAMBRE_PART', limitIndex: 0, used: 28, periodEnd: '2026-12-31' }],
      }),
    );
    expect([room.amcCents, room.allowanceUses[0]!.remainingAfter]).toEqual([10000, 0]);
  });

  it('EQUIPMENT: a second pair of glasses within 2 years is not refunded', () => {
    const usage = [{ guaranteeCode: 'OPT_B_SIMPLE', limitIndex: 0, used: 1, periodEnd: '2027-03-15' }];
    const r = computeCareLine(line('OPT_B_MONTURE', 15000, real('CONFORT'), { itemKind: 'MONTURE', usage }));
    expect(r.amcCents).toBe(0);
    expect(r.explanation).toBe('Renouvellement non remboursable avant 2\u00a0ans (à partir du 15/03/2027)\u00a0: il vous reste 149,97\u00a0€.');
  });

  it('a batch of lines shares the allowance: the second session of the day finds none left', () => {
    const usage = [{ guaranteeCode: 'MEDECINES_DOUCES', limitIndex: 0, used: 2, periodEnd: '2026-12-31' }];
    const [first, second] = computeCareLines([line('OSTEOPATHIE', 6000, real('CONFORT'), { usage }), line('OSTEOPATHIE', 6000, real('CONFORT'), { usage })]);
    expect([first!.amcCents, second!.amcCents]).toEqual([3000, 0]);
  });
});

describe('participation forfaitaire and franchises', () => {
  const essentiel = real('ESSENTIEL');
  it('PF: 2\u00a0€ an act, 4 a day per professional, 50\u00a0€ a year; none under 18, for exempt members or in hospital', () => {
    const pf = (extra: Partial<CareLineInput>) => computeCareLine(line('G', 3000, essentiel, extra)).participationCents;
    expect(pf({})).toBe(200);
    expect(pf({ deductionsUsed: { pfCountToday: 4, pfCentsYear: 800, franchiseCentsToday: 0, franchiseCentsYear: 0 } })).toBe(0);
    expect(pf({ deductionsUsed: { pfCountToday: 0, pfCentsYear: 4900, franchiseCentsToday: 0, franchiseCentsYear: 0 } })).toBe(0);
    expect(
      computeCareLine(
        line('G', 6000, essentiel, { quantity: 2, deductionsUsed: { pfCountToday: 0, pfCentsYear: 4800, franchiseCentsToday: 0, franchiseCentsYear: 0 } }),
      ).participationCents,
    ).toBe(200);
    expect(pf({ insured: { ...ADULT, age: 17 } })).toBe(0);
    expect(pf({ insured: { ...ADULT, exemptFromDeductions: true } })).toBe(0);
    expect(pf({ hospitalised: true })).toBe(0);
  });

  it('franchises: 1\u00a0€ a paramedical act up to 4\u00a0€ a day, 4\u00a0€ a transport up to 8\u00a0€ a day, 50\u00a0€ a year, never more than the refund', () => {
    expect(computeCareLine(line('KINE', 6 * 1613, essentiel, { quantity: 6 })).franchiseCents).toBe(400);
    expect(
      computeCareLine(line('KINE', 1613, essentiel, { deductionsUsed: { pfCountToday: 0, pfCentsYear: 0, franchiseCentsToday: 400, franchiseCentsYear: 400 } }))
        .franchiseCents,
    ).toBe(0);
    expect(computeCareLine(line('TRANSPORT', 15000, essentiel, { quantity: 3 })).franchiseCents).toBe(800);
    expect(
      computeCareLine(
        line('MEDICAMENT_65', 500, essentiel, { deductionsUsed: { pfCountToday: 0, pfCentsYear: 0, franchiseCentsToday: 0, franchiseCentsYear: 4950 } }),
      ).franchiseCents,
    ).toBe(50);
    const cheap = computeCareLine(line('MEDICAMENT_65', 100, essentiel));
    expect([cheap.amoGrossCents, cheap.franchiseCents, cheap.amoNetCents]).toEqual([65, 65, 0]);
  });
});

describe('Sécurité sociale and contrat-responsable rules', () => {
  it('outside the parcours de soins the rate is 30 % and the mutuelle does not make up the cut', () => {
    const r = computeCareLine(line('G', 3000, real('ESSENTIEL'), { insured: { ...ADULT, parcours: false } }));
    expect([r.amoRate, r.amoGrossCents, r.amcCents, r.remainingCents]).toEqual([30, 900, 900, 1400]);
    expect(r.capsApplied.map((c) => c.code)).toEqual(['RESPONSABLE_PARCOURS']);
    expect(computeCareLine(line('G', 3000, real('ESSENTIEL'), { insured: { ...ADULT, age: 15, parcours: false } })).amoRate).toBe(70);
  });

  it('non-OPTAM overbilling: never more than 20 % of the base below the OPTAM cover', () => {
    const product: ProductVersion = {
      ...productWith('CONSULTATION', { kind: 'PCT_BR', pct: 150, includesAmo: true }, { responsable: true, sectors: ['1', '2_OPTAM'] }),
    };
    product.guarantees.push({
      code: 'G2',
      heading: 'SOINS_COURANTS',
      label: 'Non OPTAM',
      match: { family: 'CONSULTATION', sectors: ['2_NON_OPTAM'] },
      formula: { kind: 'PCT_BR', pct: 200, includesAmo: true },
    });
    const r = computeCareLine(line('G', 6000, product, { sector: '2_NON_OPTAM' }));
    expect(r.amcCents).toBe(2990 - 1610);
    expect(r.capsApplied.map((c) => c.code)).toEqual(['RESPONSABLE_NON_OPTAM']);
  });

  it('heavy hospital act: the co-payment is the 24\u00a0€ forfait, 32\u00a0€ from 22 April 2026', () => {
    const before = computeCareLine(line('CATARACTE', 27170, real('ESSENTIEL'), { careDate: '2026-04-21', hospitalised: true }));
    const after = computeCareLine(line('CATARACTE', 27170, real('ESSENTIEL'), { careDate: '2026-04-22', hospitalised: true }));
    expect([before.amoGrossCents, before.amcCents, before.amoRate]).toEqual([24770, 2400, 100]);
    expect([after.amoGrossCents, after.amcCents]).toEqual([23970, 3200]);
  });

  it('100 % Santé is paid up to the price cap only', () => {
    const r = computeCareLine(line('COURONNE_CM_INCISIVE', 60000, real('ESSENTIEL')));
    expect([r.amcCents, r.remainingCents]).toEqual([42800, 10000]);
  });

  it('a product that is not responsable gets no legal cap: its own frame sub-cap applies', () => {
    const free = { ...real('PREMIUM'), responsable: false };
    const r = computeCareLine(line('OPT_B_MONTURE', 15000, free, { itemKind: 'MONTURE' }));
    expect(r.capsApplied.map((c) => c.code)).toEqual(['CONTRACT_SUBCAP']);
    expect(r.amcCents).toBe(9997);
  });

  it('class B optics: the legal grid caps the equipment by its lenses', () => {
    const big = productWith('OPTIQUE', { kind: 'FORFAIT_ITEM', cents: 200000, includesAmo: true }, { responsable: true });
    const r = computeCareLine(
      line('OPT_B_VERRE', 100000, big, {
        itemKind: 'VERRE',
        quantity: 2,
        lensComplexity: 'COMPLEX',
        equipmentLenses: ['SIMPLE', 'COMPLEX'],
        equipmentSoFar: { amoCents: 3, amcCents: 9997 },
      }),
    );
    expect(r.amoGrossCents + r.amcCents).toBe(56000 - 10000);
    expect(r.capsApplied.map((c) => c.code)).toEqual(['RESPONSABLE_OPTICS']);
  });
});
