import { describe, expect, it } from 'vitest';
import { QUOTE_ERRORS, checkQuote, quoteFieldsSchema, quoteLinesOf, type TQuoteCheckRequest } from './quotes';

const TODAY = '2026-11-23';
const rules = (quote: TQuoteCheckRequest) => checkQuote(quote, TODAY).findings.map((f) => f.rule);

describe('100 % Santé check — optics', () => {
  const classA = [
    { item: 'frame', offerClass: 'A', priceCents: 30_00 },
    { item: 'lenses', offerClass: 'A', priceCents: 95_00, complexity: 'simple' },
  ] as const;
  it('a quote with the class A offer first and within its caps raises nothing', () => {
    expect(
      rules({
        nature: 'optic',
        lines: [
          ...classA,
          { item: 'frame', offerClass: 'B', priceCents: 100_00 },
          { item: 'lenses', offerClass: 'B', priceCents: 320_00, complexity: 'simple' },
        ],
      }),
    ).toEqual([]);
  });
  it('a quote without any class A offer', () => {
    const result = checkQuote({ nature: 'optic', lines: [{ item: 'frame', offerClass: 'B', priceCents: 80_00 }] }, TODAY);
    expect(result.findings).toEqual([
      expect.objectContaining({
        rule: 'optic.class_a_missing',
        source: expect.stringContaining('100 % Santé optique'),
        message: expect.stringContaining('classe A'),
      }),
    ]);
  });
  it('the class A offer printed after a class B one', () => {
    expect(rules({ nature: 'optic', lines: [{ item: 'frame', offerClass: 'B', priceCents: 80_00 }, ...classA] })).toEqual(['optic.class_a_not_first']);
  });
  it('a class A frame over €30 (30.01 is over, 30.00 is not)', () => {
    expect(rules({ nature: 'optic', lines: [{ item: 'frame', offerClass: 'A', priceCents: 30_01 }] })).toEqual(['optic.class_a_frame_over_cap']);
    expect(checkQuote({ nature: 'optic', lines: [{ item: 'frame', offerClass: 'A', priceCents: 45_00 }] }, TODAY).findings[0]!.message).toMatch(
      /45,00\u00a0€.*30,00\u00a0€/,
    );
  });
  it('class B over the responsible-contract caps: frame €100, total €420 / €700 / €800 by lens complexity', () => {
    expect(rules({ nature: 'optic', lines: [...classA, { item: 'frame', offerClass: 'B', priceCents: 100_01 }] })).toEqual(['optic.class_b_frame_over_cap']);
    const b = (lenses: number, complexity: 'simple' | 'complex' | 'very_complex') => [
      ...classA,
      { item: 'frame' as const, offerClass: 'B' as const, priceCents: 100_00 },
      { item: 'lenses' as const, offerClass: 'B' as const, priceCents: lenses, complexity },
    ];
    expect(rules({ nature: 'optic', lines: b(320_01, 'simple') })).toEqual(['optic.class_b_total_over_cap']);
    expect(rules({ nature: 'optic', lines: b(600_00, 'complex') })).toEqual([]);
    expect(rules({ nature: 'optic', lines: b(600_01, 'complex') })).toEqual(['optic.class_b_total_over_cap']);
    expect(rules({ nature: 'optic', lines: b(700_00, 'very_complex') })).toEqual([]);
  });
  it('renewal: every 2 years from 16, every year below 16', () => {
    expect(rules({ nature: 'optic', lines: [...classA], beneficiaryAge: 40, lastEquipmentDate: '2025-01-10' })).toEqual(['optic.renewal_too_early']);
    expect(rules({ nature: 'optic', lines: [...classA], beneficiaryAge: 40, lastEquipmentDate: '2024-11-23' })).toEqual([]);
    expect(rules({ nature: 'optic', lines: [...classA], beneficiaryAge: 12, lastEquipmentDate: '2025-11-23' })).toEqual([]);
    expect(rules({ nature: 'optic', lines: [...classA], beneficiaryAge: 12, lastEquipmentDate: '2025-11-24' })).toEqual(['optic.renewal_too_early']);
  });
});

describe('100 % Santé check — dental', () => {
  const crown = {
    label: 'Couronne céramo-métallique',
    basket: 'libre',
    priceCents: 900_00,
    remainingChargeCents: 350_00,
    alternativeOffered: false,
    alternativeExists: true,
  } as const;
  it('a line with a remaining charge and no alternative offered where one exists', () => {
    const [finding] = checkQuote({ nature: 'dental', lines: [crown] }, TODAY).findings;
    expect(finding).toMatchObject({ rule: 'dental.no_alternative', source: expect.stringContaining('dentaire') });
    expect(finding!.message).toContain('« Couronne céramo-métallique » laisse 350,00\u00a0€ à votre charge');
  });
  it('nothing when the alternative is offered, when none exists, when nothing is left to pay, or in the 100 % Santé basket', () => {
    expect(rules({ nature: 'dental', lines: [{ ...crown, alternativeOffered: true }] })).toEqual([]);
    expect(rules({ nature: 'dental', lines: [{ ...crown, alternativeExists: false }] })).toEqual([]);
    expect(rules({ nature: 'dental', lines: [{ ...crown, remainingChargeCents: 0 }] })).toEqual([]);
    expect(rules({ nature: 'dental', lines: [{ ...crown, basket: '100_sante' }] })).toEqual([]);
  });
});

describe('100 % Santé check — hearing aids', () => {
  type Device = { ear: 'left' | 'right'; deviceClass: 'I' | 'II'; priceCents: number };
  const devices = (...lines: Device[]) => rules({ nature: 'audio', lines });
  it('a class I device proposed for each ear', () => {
    expect(devices({ ear: 'left', deviceClass: 'II', priceCents: 1500_00 }, { ear: 'right', deviceClass: 'I', priceCents: 950_00 })).toEqual([
      'audio.class_i_missing',
    ]);
  });
  it('class II over €1,700 per ear, class I over €950', () => {
    const left = [
      { ear: 'left', deviceClass: 'I', priceCents: 950_01 },
      { ear: 'left', deviceClass: 'II', priceCents: 1700_01 },
    ] as const;
    const right = [
      { ear: 'right', deviceClass: 'I', priceCents: 900_00 },
      { ear: 'right', deviceClass: 'II', priceCents: 1700_00 },
    ] as const;
    expect(devices(...left, ...right)).toEqual(['audio.class_i_over_cap', 'audio.class_ii_over_cap']);
  });
  it('renewal once every 4 years', () => {
    const lines = [{ ear: 'left' as const, deviceClass: 'I' as const, priceCents: 900_00 }];
    expect(rules({ nature: 'audio', lines, lastEquipmentDate: '2023-01-01' })).toEqual(['audio.renewal_too_early']);
    expect(rules({ nature: 'audio', lines, lastEquipmentDate: '2022-11-23' })).toEqual([]);
  });
});

describe('sending a quote', () => {
  const schema = quoteFieldsSchema(TODAY);
  it('reads the fields; without lines nothing is checked', () => {
    expect(schema.parse({ nature: 'optic', familyPosition: '1', quoteDate: '2026-11-20', amount: '450,00' })).toMatchObject({
      nature: 'optic',
      familyPosition: 1,
      amountCents: 450_00,
      comment: '',
      lines: '',
    });
    expect(checkQuote({ nature: 'optic', lines: [] }, TODAY)).toEqual({ findings: [], checked: false });
  });
  it('answers in French', () => {
    const issues = schema.safeParse({ nature: 'x', familyPosition: '', quoteDate: '2027-01-01', amount: 'beaucoup' }).error!.issues.map((i) => i.message);
    expect(issues).toEqual([QUOTE_ERRORS.nature, QUOTE_ERRORS.beneficiary, QUOTE_ERRORS.quoteDateFuture, QUOTE_ERRORS.amount]);
  });
  it('reads the lines sent with the quote', () => {
    expect(quoteLinesOf('hospital', '{"lines":[]}')).toBeNull();
    expect(quoteLinesOf('optic', '')).toBeNull();
    expect(quoteLinesOf('optic', 'not json')).toBe('invalid');
    expect(quoteLinesOf('optic', '{"lines":[{"item":"frame","offerClass":"A","priceCents":2500}]}')).toMatchObject({
      nature: 'optic',
      lines: [{ priceCents: 2500 }],
    });
  });
});
