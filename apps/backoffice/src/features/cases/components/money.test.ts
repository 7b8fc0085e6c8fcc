import { describe, expect, it } from 'vitest';
import { centsOf } from './money';

describe('an amount typed by an agent', () => {
  it('reads as cents whichever way a French agent writes euros', () => {
    expect(centsOf('120,50')).toBe(12050);
    expect(centsOf('1 000')).toBe(100000);
    expect(centsOf('1\u202f234,5\u00a0€')).toBe(123450);
    expect(centsOf('0,07')).toBe(7);
    expect(centsOf(42)).toBe(4200);
  });

  it('is no amount when it is not one: thousandths, a sign, letters, nothing', () => {
    for (const typed of ['12,345', '-5', '12,50,1', 'douze', '', ',50']) expect(centsOf(typed)).toBeNull();
  });
});
