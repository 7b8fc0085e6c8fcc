import { describe, expect, it } from 'vitest';
import { ZProductCostsInput, frenchPercentBp, managementCostsBp, perHundredEuros } from './product-costs';

describe('management costs and redistribution rate', () => {
  it('writes rates the French way, without floating-point noise', () => {
    expect(frenchPercentBp(8012)).toBe('80,12\u00a0%');
    expect(frenchPercentBp(1950)).toBe('19,5\u00a0%');
    expect(frenchPercentBp(2000)).toBe('20\u00a0%');
    expect(perHundredEuros(8012)).toBe('80,12\u00a0€');
    const input = ZProductCostsInput.parse({ redistribution: 80.12, claimsManagement: 6.1, acquisition: 5.2, administration: 8.2 });
    expect(input).toEqual({ redistribution: 8012, claimsManagement: 610, acquisition: 520, administration: 820 });
    expect(managementCostsBp({ claimsManagementBp: 610, acquisitionBp: 520, administrationBp: 820 })).toBe(1950);
  });
  it('refuses negative rates and costs above the contributions, in French', () => {
    const messages = (v: unknown) => (ZProductCostsInput.safeParse(v).error?.issues ?? []).map((i) => i.message);
    expect(messages({ redistribution: -1, claimsManagement: 1, acquisition: 1, administration: 1 })).toEqual([
      'Le taux de redistribution ne peut pas être négatif.',
    ]);
    expect(messages({ redistribution: 80, claimsManagement: 60, acquisition: 30, administration: 20 })).toEqual([
      'Les frais de gestion ne peuvent pas dépasser les cotisations (100\u00a0%).',
    ]);
  });
});
