import { describe, expect, it } from 'vitest';
import { capitalizeName, formatPersonName } from './names';

describe('capitalizeName', () => {
  it.each([
    ['CAMILLE', 'Camille'],
    ['LÉA', 'Léa'],
    ['JEAN-PIERRE', 'Jean-Pierre'],
    ["D'ARC", "D'Arc"],
    ['DE LA FONTAINE', 'De La Fontaine'],
    ['élodie', 'Élodie'],
  ])('%s → %s', (raw, shown) => expect(capitalizeName(raw)).toBe(shown));
});

it('formatPersonName puts the first name first', () => {
  expect(formatPersonName({ firstName: 'NOAH', surName: 'DURAND' })).toBe('Noah Durand');
});
