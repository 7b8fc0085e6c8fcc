import { describe, expect, it } from 'vitest';
import { emptyLine } from './components/quote-lines';
import { quoteEstimateRequestOf } from './quote-estimate';

const TODAY = '2026-11-26';

describe('a quote’s lines as the engine’s', () => {
  it('glasses: the frame and each lens by class, complexity and item, priced in cents and dated today', () => {
    const frame = { ...emptyLine(), item: 'frame' as const, offerClass: 'B' as const, price: '150,00' };
    const lens = { ...emptyLine(), item: 'lenses' as const, offerClass: 'B' as const, complexity: 'complex' as const, price: '1 150' };
    expect(quoteEstimateRequestOf('optic', [frame, lens], 2, TODAY)).toEqual({
      request: {
        familyPosition: 2,
        careDate: TODAY,
        lines: [
          { actCode: 'OPT_B_MONTURE', expenseCents: 15000, quantity: 1, sector: '1', deviceClass: 'B', itemKind: 'MONTURE' },
          { actCode: 'OPT_B_VERRE', expenseCents: 115000, quantity: 1, sector: '1', deviceClass: 'B', itemKind: 'VERRE', lensComplexity: 'COMPLEX' },
        ],
      },
      lineOf: [0, 1],
    });
  });

  it('hearing aids by class; dental acts by their wording, a crown by its basket; an act it cannot tell is left out, not guessed', () => {
    expect(quoteEstimateRequestOf('audio', [{ ...emptyLine(), deviceClass: 'II', price: '1500' }], 1, TODAY)?.request.lines).toEqual([
      { actCode: 'AUDIO_II', expenseCents: 150000, quantity: 1, sector: '1', deviceClass: 'II', itemKind: 'APPAREIL' },
    ]);
    const crown = (basket: '100_sante' | 'libre', label = 'Couronne céramo-métallique') => ({ ...emptyLine(), label, basket, price: '500' });
    const result = quoteEstimateRequestOf(
      'dental',
      [crown('100_sante'), crown('libre', 'COURONNE molaire'), crown('libre', 'Inlay-core'), crown('libre', 'Implant')],
      1,
      TODAY,
    )!;
    expect(result.request.lines.map((l) => l.actCode)).toEqual(['COURONNE_CM_INCISIVE', 'COURONNE_CM_MOLAIRE', 'IMPLANT']);
    expect(result.lineOf).toEqual([0, 1, null, 2]);
    expect(quoteEstimateRequestOf('dental', [crown('libre', 'Inlay-core')], 1, TODAY)).toBeNull();
  });
});
