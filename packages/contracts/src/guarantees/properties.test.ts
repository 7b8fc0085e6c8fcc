import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { careActsAt, parametersAt, parameterValue } from './catalogue';
import { computeCareLine, findGuarantee } from './engine';
import { PRODUCT_VERSIONS } from './products';
import { opticsGridCase } from './responsable';
import type { CareAct, CareLineInput, CareLineResult, Formula, Guarantee, Limit, ProductVersion } from './types';

// Laws that hold for any care line, any product (the three products and random ones), any member.

const DATE = '2026-06-15';
const PARAMETERS = parametersAt(DATE);
const ACTS = careActsAt(DATE);
const cents = (max: number) => fc.integer({ min: 0, max });

const formula: fc.Arbitrary<Formula> = fc.letrec<{ f: Formula }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ kind: fc.constant('PCT_BR' as const), pct: fc.integer({ min: 0, max: 500 }), includesAmo: fc.boolean() }),
    fc.constant({ kind: 'FRAIS_REELS' as const }),
    fc.record({ kind: fc.constant('FIXED_PER_ACT' as const), cents: cents(20000) }),
    fc.record({ kind: fc.constant('PER_DAY' as const), cents: cents(20000) }),
    fc.record({
      kind: fc.constant('FORFAIT_ITEM' as const),
      cents: cents(300000),
      includesAmo: fc.boolean(),
      subCaps: fc.option(
        fc.array(fc.record({ item: fc.constantFrom('MONTURE' as const, 'VERRE' as const, 'APPAREIL' as const), cents: cents(30000) }), { maxLength: 2 }),
        { nil: undefined },
      ),
    }),
    fc.record({ kind: fc.constant('ENVELOPE' as const), cents: cents(200000) }),
    fc.record({ kind: fc.constant('SUM' as const), parts: fc.array(tie('f'), { maxLength: 3 }) }),
    fc.record({ kind: fc.constant('MIN' as const), parts: fc.array(tie('f'), { maxLength: 3 }) }),
  ),
})).f;

const limit: fc.Arbitrary<Limit> = fc.record({
  unit: fc.constantFrom('EUR' as const, 'ACTS' as const, 'DAYS' as const, 'EQUIPMENT' as const),
  max: fc.integer({ min: 0, max: 10000 }),
  period: fc.constantFrom('CALENDAR_YEAR' as const, 'ROLLING_24M' as const, 'ROLLING_48M' as const, 'CONTRACT_YEAR' as const),
  scope: fc.constantFrom('BENEFICIARY' as const, 'FAMILY' as const),
});

/** A random product covering the act's family, per sector, or one of the three real products. */
const productFor = (act: CareAct): fc.Arbitrary<ProductVersion> =>
  fc.oneof(
    fc.constantFrom(...PRODUCT_VERSIONS),
    fc.record({
      code: fc.constant('RANDOM'),
      label: fc.constant('Aléatoire'),
      validFrom: fc.constant('2026-01-01'),
      responsable: fc.boolean(),
      guarantees: fc.array(
        fc.record({
          code: fc.constantFrom('G1', 'G2', 'G3'),
          heading: fc.constant(act.heading),
          label: fc.constant('Garantie'),
          match: fc.record({ family: fc.constant(act.family), sectors: fc.option(fc.subarray(['1', '2_OPTAM', '2_NON_OPTAM'] as const), { nil: undefined }) }),
          formula,
          limits: fc.option(fc.array(limit, { maxLength: 2 }), { nil: undefined }),
        }) as fc.Arbitrary<Guarantee>,
        { maxLength: 3 },
      ),
    }),
  );

const input: fc.Arbitrary<CareLineInput> = fc.constantFrom(...ACTS).chain((act) =>
  fc.record({
    act: fc.constant(act),
    careDate: fc.constant(DATE),
    expenseCents: cents(500000),
    quantity: fc.integer({ min: 1, max: 6 }),
    sector: fc.option(fc.constantFrom('1' as const, '2_OPTAM' as const, '2_NON_OPTAM' as const), { nil: undefined }),
    deviceClass: fc.option(fc.constantFrom('A' as const, 'B' as const, 'I' as const, 'II' as const), { nil: undefined }),
    lensComplexity: fc.option(fc.constantFrom('SIMPLE' as const, 'COMPLEX' as const, 'VERY_COMPLEX' as const), { nil: undefined }),
    itemKind: fc.option(fc.constantFrom('MONTURE' as const, 'VERRE' as const, 'LENTILLE' as const, 'APPAREIL' as const), { nil: undefined }),
    hospitalised: fc.boolean(),
    insured: fc.record({
      age: fc.integer({ min: 0, max: 100 }),
      regime: fc.constantFrom('GENERAL' as const, 'ALSACE_MOSELLE' as const),
      parcours: fc.boolean(),
      exemptFromDeductions: fc.boolean(),
    }),
    product: productFor(act),
    parameters: fc.constant(PARAMETERS),
    usage: fc.array(
      fc.record({
        guaranteeCode: fc.constantFrom('G1', 'G2', 'MEDECINES_DOUCES', 'CHAMBRE_PART', 'LENTILLES', 'OPT_B_SIMPLE', 'AUDIO_II'),
        limitIndex: fc.integer({ min: 0, max: 1 }),
        used: fc.integer({ min: 0, max: 12000 }),
        periodEnd: fc.constant(null),
      }),
      { maxLength: 3 },
    ),
    deductionsUsed: fc.record({
      pfCountToday: fc.integer({ min: 0, max: 6 }),
      pfCentsYear: cents(6000),
      franchiseCentsToday: cents(900),
      franchiseCentsYear: cents(6000),
    }),
    equipmentSoFar: fc.option(fc.record({ amoCents: cents(100), amcCents: cents(80000) }), { nil: undefined }),
  }),
);

const RUNS = { numRuns: 3000 };
const amounts = (r: CareLineResult) => [
  r.expenseCents,
  r.baseCents,
  r.amoGrossCents,
  r.participationCents,
  r.franchiseCents,
  r.amoNetCents,
  r.formulaCents,
  r.amcCents,
  r.remainingCents,
];

describe('engine laws (fast-check)', () => {
  it('the Sécurité sociale and the mutuelle never pay more than the expense', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = computeCareLine(i);
        expect(r.amoGrossCents + r.amcCents).toBeLessThanOrEqual(r.expenseCents);
        expect(r.amoNetCents + r.amcCents + r.remainingCents).toBe(r.expenseCents);
      }),
      RUNS,
    );
  });

  it('nothing is negative, everything is whole cents', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = computeCareLine(i);
        for (const v of [...amounts(r), ...r.capsApplied.flatMap((c) => [c.beforeCents, c.afterCents]), ...r.steps.map((s) => s.amountCents)]) {
          expect(Number.isInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        for (const use of r.allowanceUses) expect(use.remainingAfter).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('the mutuelle never pays back the participation forfaitaire or a franchise', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = computeCareLine(i);
        expect(r.remainingCents).toBeGreaterThanOrEqual(r.participationCents + r.franchiseCents);
        expect(r.participationCents + r.franchiseCents).toBeLessThanOrEqual(r.amoGrossCents);
        if (i.insured.age < 18 || i.insured.exemptFromDeductions) expect(r.participationCents + r.franchiseCents).toBe(0);
      }),
      RUNS,
    );
  });

  it('a contrat responsable cap is never exceeded', () => {
    fc.assert(
      fc.property(
        input.filter((i) => i.product.responsable),
        (i) => {
          const r = computeCareLine(i);
          const total = r.amoGrossCents + r.amcCents;
          const deviceClass = i.act.deviceClass ?? (['OPTIQUE', 'AUDIO'].includes(i.act.family) ? i.deviceClass : undefined);
          if (i.act.doctorFee && i.sector === '2_NON_OPTAM') expect(total).toBeLessThanOrEqual(Math.max(r.baseCents * 2, r.amoGrossCents));
          if (i.act.doctorFee && i.sector === '2_NON_OPTAM' && PRODUCT_VERSIONS.includes(i.product)) {
            const optam = findGuarantee(i.product, i.act, { sector: '2_OPTAM' })!.formula as Extract<Formula, { kind: 'PCT_BR' }>;
            const overbilling = Math.max(0, Math.min(100, optam.pct - 100 - 20));
            expect(total).toBeLessThanOrEqual(Math.max(r.amoGrossCents, Math.floor((r.baseCents * (100 + overbilling) + 50) / 100)));
          }
          if (i.act.family === 'OPTIQUE' && deviceClass === 'B') {
            const soFar = (i.equipmentSoFar?.amoCents ?? 0) + (i.equipmentSoFar?.amcCents ?? 0);
            const grid = parameterValue(PARAMETERS, `OPTICS_B_${opticsGridCase([i.lensComplexity ?? 'SIMPLE', i.lensComplexity ?? 'SIMPLE'])}_MAX`);
            expect(soFar + total).toBeLessThanOrEqual(Math.max(grid, soFar + r.amoGrossCents));
            if (i.itemKind === 'MONTURE') expect(total).toBeLessThanOrEqual(Math.max(10000, r.amoGrossCents));
          }
          if (i.act.family === 'AUDIO' && deviceClass === 'II') expect(total).toBeLessThanOrEqual(170000 * i.quantity);
          if (i.act.parcours && !i.insured.parcours) {
            const inParcours = computeCareLine({ ...i, insured: { ...i.insured, parcours: true } });
            expect(r.remainingCents).toBeGreaterThanOrEqual(r.participationCents + r.franchiseCents + inParcours.amoGrossCents - r.amoGrossCents);
          }
        },
      ),
      RUNS,
    );
  });

  it('more expense never means a smaller remaining charge (beyond the cent each payer rounds)', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 100000 }), (i, more) => {
        const r = computeCareLine(i);
        const dearer = computeCareLine({ ...i, expenseCents: i.expenseCents + more });
        // The Sécurité sociale and the mutuelle each round their share to the cent: both rounding up at
        // once can take one cent off the remaining charge (a 15 % drug at 82 % of its price did, found
        // by this property).
        expect(dearer.remainingCents).toBeGreaterThanOrEqual(r.remainingCents - 1);
      }),
      RUNS,
    );
  });

  it('every line says why, in French typography, stamped with the engine version', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = computeCareLine(i);
        expect(r.explanation).toMatch(/^[A-ZÉ].*\.$/);
        expect(r.explanation).not.toMatch(/ [€:;%]/);
        expect(r.engineVersion).toMatch(/^guarantees-engine /);
        expect(r.steps.at(-1)).toEqual({ code: 'REMAINING', label: 'Reste à votre charge', amountCents: r.remainingCents });
      }),
      { numRuns: 1000 },
    );
  });
});
