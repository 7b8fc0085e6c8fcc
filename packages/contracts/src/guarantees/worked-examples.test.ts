import { describe, expect, it } from 'vitest';
import { actAt, parametersAt } from './catalogue';
import { computeCareLine } from './engine';
import { computeCareLines } from './lines';
import { PRODUCT_VERSIONS, productVersionAt, productVersions } from './products';
import type { CareLineInput, InsuredStatus } from './types';

// The rule sheet's worked examples (adult, parcours de soins, 2026), figure for figure.

const DATE = '2026-06-15';
const ADULT: InsuredStatus = { age: 40, regime: 'GENERAL', parcours: true };
const product = (code: string) => productVersionAt(productVersions(code), DATE)!;
const line = (actCode: string, expenseCents: number, productCode: string, extra: Partial<CareLineInput> = {}): CareLineInput => ({
  act: actAt(actCode, DATE)!,
  careDate: DATE,
  expenseCents,
  quantity: 1,
  insured: ADULT,
  product: product(productCode),
  parameters: parametersAt(DATE),
  ...extra,
});
const figures = (r: ReturnType<typeof computeCareLine>) => ({
  base: r.baseCents,
  amoGross: r.amoGrossCents,
  pf: r.participationCents,
  franchise: r.franchiseCents,
  amoNet: r.amoNetCents,
  amc: r.amcCents,
  rest: r.remainingCents,
});

describe('worked examples', () => {
  it('1. GP 30\u00a0€, Essentiel: 19\u00a0€ + 9\u00a0€, the 2\u00a0€ participation stays', () => {
    const r = computeCareLine(line('G', 3000, 'ESSENTIEL'));
    expect(figures(r)).toEqual({ base: 3000, amoGross: 2100, pf: 200, franchise: 0, amoNet: 1900, amc: 900, rest: 200 });
    expect(r.amoRate).toBe(70);
    expect(r.explanation).toBe(
      'La Sécurité sociale vous rembourse 19,00\u00a0€, votre mutuelle 9,00\u00a0€\u00a0; les 2,00\u00a0€ restants sont la participation forfaitaire, non remboursable.',
    );
  });

  it('2. GP 50\u00a0€, secteur 2 non-OPTAM, Premium 200 % BR on a 23\u00a0€ base: overbilling paid up to 100 % BR', () => {
    const r = computeCareLine(line('G', 5000, 'PREMIUM', { sector: '2_NON_OPTAM' }));
    expect(figures(r)).toEqual({ base: 2300, amoGross: 1610, pf: 200, franchise: 0, amoNet: 1410, amc: 2990, rest: 600 });
    expect(r.guarantee).toEqual({ code: 'CONS_NON_OPTAM', label: 'Consultation non OPTAM\u00a0: 200\u00a0% BR' });
    expect(r.explanation).toBe(
      'Votre médecin n’adhère pas à l’OPTAM\u00a0: le dépassement est remboursé au plus à 100\u00a0% de la base\u00a0; il vous reste 6,00\u00a0€.',
    );
  });

  it('3. the same GP 30\u00a0€ in Alsace-Moselle, Essentiel: the local regime pays 90 %', () => {
    const r = computeCareLine(line('G', 3000, 'ESSENTIEL', { insured: { ...ADULT, regime: 'ALSACE_MOSELLE' } }));
    expect(figures(r)).toEqual({ base: 3000, amoGross: 2700, pf: 200, franchise: 0, amoNet: 2500, amc: 300, rest: 200 });
    expect(r.amoRate).toBe(90);
  });

  it('4. class B glasses 450\u00a0€ (frame 150, two simple lenses 150), Premium 420\u00a0€ with frame 100\u00a0€', () => {
    const [frame, lenses] = computeCareLines([
      line('OPT_B_MONTURE', 15000, 'PREMIUM', { itemKind: 'MONTURE', lensComplexity: 'SIMPLE' }),
      line('OPT_B_VERRE', 30000, 'PREMIUM', { itemKind: 'VERRE', lensComplexity: 'SIMPLE', quantity: 2 }),
    ]);
    expect(frame!.baseCents + lenses!.baseCents).toBe(15);
    expect(frame!.amoGrossCents + lenses!.amoGrossCents).toBe(9);
    expect(frame!.amcCents).toBe(9997);
    expect(lenses!.amcCents).toBe(29994);
    expect(frame!.amcCents + lenses!.amcCents).toBe(39991);
    expect(frame!.remainingCents + lenses!.remainingCents).toBe(5000);
    expect(frame!.capsApplied.map((c) => c.code)).toEqual(['RESPONSABLE_FRAME']);
    expect(frame!.capsApplied[0]!.label).toBe('plafond monture 100,00\u00a0€ – contrat responsable');
    expect(frame!.explanation).toBe('Le remboursement de la monture est limité à 100,00\u00a0€ par la loi\u00a0; 50,00\u00a0€ restent à votre charge.');
    // One equipment, counted once against the renewal limit.
    expect([...frame!.allowanceUses, ...lenses!.allowanceUses].map((u) => u.amount)).toEqual([1, 0]);
  });

  it('5. crown 500\u00a0€ on a molar, free tariff, Confort 250 % BR', () => {
    const r = computeCareLine(line('COURONNE_CM_MOLAIRE', 50000, 'CONFORT'));
    expect(figures(r)).toMatchObject({ base: 12000, amoNet: 7200, amc: 22800, rest: 20000 });
    expect(r.explanation).toBe('Couronne hors 100\u00a0% Santé\u00a0: votre contrat rembourse jusqu’à 250\u00a0% de la base, soit 228,00\u00a0€.');
  });

  it.each(PRODUCT_VERSIONS.map((p) => p.code))('6. crown 500\u00a0€ on an incisor, zero-remaining-charge basket, %s: nothing to pay', (code) => {
    const r = computeCareLine(line('COURONNE_CM_INCISIVE', 50000, code));
    expect(figures(r)).toMatchObject({ amoNet: 7200, amc: 42800, rest: 0 });
    expect(r.explanation).toBe('Soin 100\u00a0% Santé\u00a0: rien à payer.');
  });

  it('7. class II hearing aid 1 500 €: Confort 560\u00a0€ (700\u00a0€ left), Premium 1 260\u00a0€ (nothing left), renewal in 4 years', () => {
    const confort = computeCareLine(line('AUDIO_II', 150000, 'CONFORT'));
    expect(figures(confort)).toMatchObject({ amoNet: 24000, amc: 56000, rest: 70000 });
    const premium = computeCareLine(line('AUDIO_II', 150000, 'PREMIUM'));
    expect(figures(premium)).toMatchObject({ amoNet: 24000, amc: 126000, rest: 0 });
    for (const r of [confort, premium]) expect(r.explanation).toContain('prochain renouvellement remboursable dans 4\u00a0ans.');
  });

  it('8. private room, 3 nights at 80\u00a0€, Confort: 150\u00a0€ paid, 27 nights left', () => {
    const r = computeCareLine(line('CHAMBRE_PARTICULIERE', 24000, 'CONFORT', { quantity: 3, hospitalised: true }));
    expect(figures(r)).toMatchObject({ amoNet: 0, amc: 15000, rest: 9000 });
    expect(r.allowanceUses).toEqual([{ guaranteeCode: 'CHAMBRE_PART', limitIndex: 0, unit: 'DAYS', amount: 3, remainingAfter: 27, max: 30 }]);
    expect(r.explanation).toBe('Votre contrat prend en charge 50,00\u00a0€ par nuit, dans la limite de 30 nuits par an.');
  });

  it('9. osteopathy 60\u00a0€, Confort, 2 of 3 sessions used: 30\u00a0€ paid, none left', () => {
    const usage = [{ guaranteeCode: 'MEDECINES_DOUCES', limitIndex: 0, used: 2, periodEnd: '2026-12-31' }];
    const r = computeCareLine(line('OSTEOPATHIE', 6000, 'CONFORT', { usage }));
    expect(figures(r)).toMatchObject({ amoNet: 0, amc: 3000, rest: 3000 });
    expect(r.allowanceUses[0]).toMatchObject({ amount: 1, remainingAfter: 0 });
    expect(r.explanation).toBe('Vous avez utilisé vos 3 séances remboursées en 2026.');
  });

  it('9 bis. a fourth session the same year: nothing paid, the limit says why', () => {
    const usage = [{ guaranteeCode: 'MEDECINES_DOUCES', limitIndex: 0, used: 3, periodEnd: '2026-12-31' }];
    const r = computeCareLine(line('OSTEOPATHIE', 6000, 'CONFORT', { usage }));
    expect(figures(r)).toMatchObject({ amc: 0, rest: 6000 });
    expect(r.capsApplied.map((c) => c.code)).toEqual(['CONTRACT_LIMIT']);
    expect(r.allowanceUses[0]).toMatchObject({ amount: 0, remainingAfter: 0 });
    expect(r.explanation).toBe('Vos 3 séances remboursées en 2026 sont déjà utilisées\u00a0: il vous reste 60,00\u00a0€.');
  });

  it('10. generic box 3,00\u00a0€ at 65 %, Essentiel: 1,95 − 1,00 franchise, 1,05 from the mutuelle', () => {
    const r = computeCareLine(line('MEDICAMENT_65', 300, 'ESSENTIEL'));
    expect(figures(r)).toEqual({ base: 300, amoGross: 195, pf: 0, franchise: 100, amoNet: 95, amc: 105, rest: 100 });
    expect(r.explanation).toBe(
      'La Sécurité sociale vous rembourse 0,95\u00a0€, votre mutuelle 1,05\u00a0€\u00a0; le 1,00\u00a0€ restant est la franchise médicale, non remboursable.',
    );
  });

  it.each(PRODUCT_VERSIONS.map((p) => p.code))('11. a 5-day stay, FJH 5 × 23\u00a0€, %s: 115\u00a0€ paid, nothing left', (code) => {
    const r = computeCareLine(line('FJH', 11500, code, { quantity: 5, hospitalised: true }));
    expect(figures(r)).toMatchObject({ amoNet: 0, amc: 11500, rest: 0 });
  });

  it('11 bis. a responsable product with no FJH guarantee still pays it, without time limit', () => {
    const bare = { ...product('ESSENTIEL'), guarantees: [] };
    const r = computeCareLine(line('FJH', 230 * 100, 'ESSENTIEL', { quantity: 10, hospitalised: true, product: bare }));
    expect(r.amcCents).toBe(23000);
    expect(r.capsApplied.map((c) => c.code)).toEqual(['RESPONSABLE_MINIMUM']);
    expect(r.guarantee?.code).toBe('CONTRAT_RESPONSABLE');
  });

  it('FJH before 1 March 2026 was 20 €: the care date picks the tariff', () => {
    const act = actAt('FJH', '2026-02-28')!;
    expect(act.baseCents).toBe(2000);
    const r = computeCareLine({ ...line('FJH', 2300, 'CONFORT', { hospitalised: true }), act, careDate: '2026-02-28', parameters: parametersAt('2026-02-28') });
    expect(figures(r)).toMatchObject({ base: 2000, amc: 2300, rest: 0 });
  });
});
