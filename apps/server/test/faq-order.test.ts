import { describe, expect, it } from 'vitest';
import { moved } from '../src/modules/faq/admin';

describe('moved', () => {
  it('swaps an item with its neighbour up or down', () => {
    expect(moved(['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b']);
  });
  it('leaves the first one up, the last one down and an unknown one where they are', () => {
    expect(moved(['a', 'b'], 'a', 'up')).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 'b', 'down')).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 'z', 'up')).toEqual(['a', 'b']);
  });
});
