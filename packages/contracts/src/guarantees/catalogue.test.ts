import { describe, expect, it } from 'vitest';
import { actAt, careActsAt, parametersAt, parameterValue, PARAM, TARIFF_PARAMETERS } from './catalogue';
import { CARE_ACTS } from './care-acts';
import { refundExamples } from './examples';
import { allowanceSentence } from './explanation';
import { formulaText } from './formula';
import { formatEuros } from './money';
import { periodBounds, renewableFrom, windowMonths } from './periods';
import { PRODUCT_VERSIONS, productVersionAt, productVersions } from './products';
import type { Guarantee, Limit } from './types';

describe('tariff catalogue', () => {
  it('every row says where it comes from and whether it is verified', () => {
    for (const row of [...TARIFF_PARAMETERS, ...CARE_ACTS]) {
      expect(['VERIFIED', 'TO_CONFIRM']).toContain(row.status);
      expect(row.source.length).toBeGreaterThan(5);
      expect(row.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('keeps the rule sheet’s « to confirm » values marked, and its verified ones verified', () => {
    const status = (code: string) => actAt(code, '2026-06-15')!.status;
    for (const code of [
      'TCG',
      'CS',
      'SF',
      'DENT_CONSULT',
      'DETARTRAGE',
      'COURONNE_CM_INCISIVE',
      'ORTHODONTIE',
      'KINE',
      'MEDICAMENT_65',
      'VACCIN',
      'BIOLOGIE',
      'RADIOLOGIE',
      'OPT_A_MONTURE',
      'OPT_B_MONTURE',
      'OPT_B_VERRE',
    ]) {
      expect([code, status(code)]).toEqual([code, 'TO_CONFIRM']);
    }
    for (const code of [
      'G',
      'G_ENFANT',
      'APC',
      'CNPSY',
      'PED_0_2',
      'PED_2_6',
      'PED_6',
      'GYN',
      'COURONNE_CM_MOLAIRE',
      'IMPLANT',
      'AMI1',
      'IFD',
      'LENTILLES',
      'AUDIO_I',
      'AUDIO_II',
      'FJH',
      'FJH_PSY',
      'CHAMBRE_PARTICULIERE',
      'OSTEOPATHIE',
    ]) {
      expect([code, status(code)]).toEqual([code, 'VERIFIED']);
    }
    expect(parametersAt('2026-06-15').find((p) => p.key === PARAM.NON_OPTAM_CONSULTATION_BASE)!.status).toBe('TO_CONFIRM');
  });

  it('the care date picks the value: FJH 20 → 23\u00a0€ on 1 March 2026, heavy-act forfait 24 → 32\u00a0€ on 22 April 2026', () => {
    expect(parameterValue(parametersAt('2026-02-28'), PARAM.FJH)).toBe(2000);
    expect(parameterValue(parametersAt('2026-03-01'), PARAM.FJH)).toBe(2300);
    expect(parameterValue(parametersAt('2026-03-01'), PARAM.FJH_PSY)).toBe(1700);
    expect(parameterValue(parametersAt('2026-04-21'), PARAM.HEAVY_ACT_FORFAIT)).toBe(2400);
    expect(parameterValue(parametersAt('2026-04-22'), PARAM.HEAVY_ACT_FORFAIT)).toBe(3200);
    expect(parameterValue(parametersAt('2026-06-15'), PARAM.PF_AMOUNT)).toBe(200);
    expect(actAt('CNPSY', '2025-12-31')!.baseCents).toBe(5500);
    expect(actAt('CNPSY', '2026-01-01')!.baseCents).toBe(5700);
    for (const date of ['2025-06-01', '2026-02-28', '2026-03-01', '2026-12-31']) {
      expect(actAt('FJH', date)!.baseCents).toBe(parameterValue(parametersAt(date), PARAM.FJH));
    }
  });

  it('one value per key and per act on any date from 2024; unknown acts are unknown', () => {
    for (const date of ['2024-06-01', '2025-01-01', '2026-06-15']) {
      const params = parametersAt(date);
      expect(new Set(params.map((p) => p.key)).size).toBe(params.length);
      for (const key of Object.values(PARAM)) expect(() => parameterValue(params, key)).not.toThrow();
    }
    expect(careActsAt('2026-06-15').length).toBe(new Set(CARE_ACTS.map((a) => a.code)).size);
    expect(actAt('NOPE', '2026-06-15')).toBeUndefined();
    expect(actAt('G', '2020-01-01')).toBeUndefined();
    expect(() => parameterValue([], PARAM.FJH)).toThrow(/FJH/);
  });
});

describe('products', () => {
  it('three contrats responsables from 1 January 2026, every guarantee under one of the five headings', () => {
    expect(PRODUCT_VERSIONS.map((p) => [p.code, p.validFrom, p.responsable])).toEqual([
      ['ESSENTIEL', '2026-01-01', true],
      ['CONFORT', '2026-01-01', true],
      ['PREMIUM', '2026-01-01', true],
    ]);
    for (const p of PRODUCT_VERSIONS) {
      expect(new Set(p.guarantees.map((g) => g.heading))).toEqual(new Set(['HOSPITALISATION', 'DENTAIRE', 'OPTIQUE', 'AIDES_AUDITIVES', 'SOINS_COURANTS']));
      expect(new Set(p.guarantees.map((g) => g.code)).size).toBe(p.guarantees.length);
    }
  });

  it('the version in force is the latest one on or before the care date', () => {
    const v2027 = { ...productVersions('CONFORT')[0]!, validFrom: '2027-01-01' };
    const versions = [...productVersions('CONFORT'), v2027];
    expect(productVersionAt(versions, '2025-12-31')).toBeUndefined();
    expect(productVersionAt(versions, '2026-12-31')!.validFrom).toBe('2026-01-01');
    expect(productVersionAt(versions, '2027-01-01')).toBe(v2027);
  });

  it('class B optics packages respect the legal minimum whenever they pay beyond the co-payment', () => {
    for (const p of PRODUCT_VERSIONS) {
      for (const g of p.guarantees.filter((x) => x.formula.kind === 'FORFAIT_ITEM' && x.match.family === 'OPTIQUE')) {
        expect(g.formula.kind === 'FORFAIT_ITEM' && g.formula.cents).toBeGreaterThanOrEqual(g.match.lensComplexities?.includes('SIMPLE') ? 5000 : 20000);
      }
    }
  });

  it('the table writes each formula as members read it', () => {
    const text = (code: string, g: string) => formulaText(productVersions(code)[0]!.guarantees.find((x) => x.code === g)!.formula);
    expect(text('PREMIUM', 'CONS_NON_OPTAM')).toBe('200\u00a0% BR');
    expect(text('CONFORT', 'MEDECINES_DOUCES')).toBe('30,00\u00a0€ par séance');
    expect(text('PREMIUM', 'OPT_B_SIMPLE')).toBe('420,00\u00a0€, dont monture 100,00\u00a0€');
    expect(text('PREMIUM', 'DENT_IMPLANT')).toBe('1\u202f000,00\u00a0€ par an');
    expect(text('ESSENTIEL', 'HOSPIT_FJH')).toBe('Frais réels');
    expect(
      formulaText({
        kind: 'SUM',
        parts: [
          { kind: 'PCT_BR', pct: 100, includesAmo: true },
          { kind: 'FIXED_PER_ACT', cents: 15000 },
        ],
      }),
    ).toBe('100\u00a0% BR + 150,00\u00a0€ par séance');
  });

  it('the refund examples in euros come from the engine, for each product', () => {
    const glasses = (code: string) => refundExamples(productVersions(code)[0]!, '2026-06-15').find((e) => e.code === 'LUNETTES_B_SIMPLES')!;
    expect([glasses('PREMIUM').amcCents, glasses('PREMIUM').remainingCents]).toEqual([39991, 5000]);
    expect(glasses('ESSENTIEL').remainingCents).toBeGreaterThan(glasses('CONFORT').remainingCents);
    const all = refundExamples(productVersions('CONFORT')[0]!, '2026-06-15');
    expect(all).toHaveLength(14);
    for (const e of all) expect(e.amoCents + e.amcCents + e.remainingCents).toBe(e.expenseCents);
    expect(all.find((e) => e.code === 'FJH')).toMatchObject({ expenseCents: 2300, amcCents: 2300, remainingCents: 0 });
  });
});

describe('the member’s sentences', () => {
  const g = (code: string, guarantee: string): Guarantee => productVersions(code)[0]!.guarantees.find((x) => x.code === guarantee)!;
  const sentence = (product: string, guarantee: string, used: number, periodEnd: string | null) =>
    allowanceSentence({ guarantee: g(product, guarantee), limit: g(product, guarantee).limits![0]!, used, periodEnd });

  it('say what is left of each allowance', () => {
    expect(sentence('CONFORT', 'MEDECINES_DOUCES', 2, '2026-12-31')).toBe('Ostéopathie\u00a0: il vous reste 1 séance sur 3 en 2026 (30,00\u00a0€ par séance).');
    expect(sentence('CONFORT', 'MEDECINES_DOUCES', 3, '2026-12-31')).toBe('Ostéopathie\u00a0: il vous reste 0 séance sur 3 en 2026 (30,00\u00a0€ par séance).');
    expect(sentence('CONFORT', 'CHAMBRE_PART', 3, '2026-12-31')).toBe('Chambre particulière\u00a0: 27 nuits restantes sur 30.');
    expect(sentence('CONFORT', 'OPT_B_SIMPLE', 1, '2027-03-15')).toBe('Lunettes\u00a0: prochain équipement remboursable à partir du 15/03/2027.');
    expect(sentence('CONFORT', 'OPT_B_SIMPLE', 0, null)).toBe('Lunettes\u00a0: il vous reste 1 équipement sur 1 (tous les 2 ans).');
    expect(sentence('CONFORT', 'AUDIO_II', 2, '2030-02-10')).toBe('Aides auditives\u00a0: renouvellement à partir du 02/2030.');
    expect(sentence('CONFORT', 'LENTILLES', 4000, '2026-12-31')).toBe('Lentilles\u00a0: il vous reste 60,00\u00a0€ sur 100,00\u00a0€ en 2026.');
  });

  it('write amounts the French way', () => {
    expect(formatEuros(1900)).toBe('19,00\u00a0€');
    expect(formatEuros(5)).toBe('0,05\u00a0€');
    expect(formatEuros(170000)).toBe('1\u202f700,00\u00a0€');
    expect(formatEuros(123456789)).toBe('1\u202f234\u202f567,89\u00a0€');
  });
});

describe('periods', () => {
  const year: Limit = { unit: 'ACTS', max: 3, period: 'CALENDAR_YEAR', scope: 'BENEFICIARY' };
  const optics: Limit = { unit: 'EQUIPMENT', max: 1, period: 'ROLLING_24M', scope: 'BENEFICIARY' };
  it('count over the calendar year, the contract year or a rolling window ending on the care date', () => {
    expect(periodBounds(year, '2026-06-15')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodBounds({ ...year, period: 'CONTRACT_YEAR' }, '2026-06-15', { contractStart: '2024-09-01' })).toEqual({ from: '2025-09-01', to: '2026-08-31' });
    expect(periodBounds({ ...year, period: 'CONTRACT_YEAR' }, '2026-10-15', { contractStart: '2024-09-01' })).toEqual({ from: '2026-09-01', to: '2027-08-31' });
    expect(periodBounds(optics, '2026-06-15')).toEqual({ from: '2024-06-16', to: '2026-06-15' });
    expect(renewableFrom('2025-03-15', 24)).toBe('2027-03-15');
  });

  it('glasses renew every 2 years from 16, every year from 6, every 6 months before', () => {
    const p = parametersAt('2026-06-15');
    expect([40, 15, 5].map((age) => windowMonths(optics, 'OPTIQUE', age, p))).toEqual([24, 12, 6]);
    expect(windowMonths({ ...optics, period: 'ROLLING_48M' }, 'AUDIO', 40, p)).toBe(48);
    expect(windowMonths(year, 'MEDECINES_DOUCES', 40, p)).toBeNull();
  });
});
