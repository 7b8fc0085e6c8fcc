import { describe, expect, it } from 'vitest';
import { BASE_SHADE, colorScale, contrastRatio, hexToHsl, hslToHex, lighten, normalizeHex, readableTextOn } from './color';

describe('normalizeHex', () => {
  it('expands short forms and lowercases', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex('#1A2B3C')).toBe('#1a2b3c');
  });
  it('rejects what is not a hex colour', () => {
    expect(() => normalizeHex('red')).toThrow();
    expect(() => normalizeHex('#12345')).toThrow();
  });
});

describe('HSL conversions', () => {
  it('converts known colours', () => {
    expect(hexToHsl('#ff0000')).toEqual({ h: 0, s: 100, l: 50 });
    expect(hexToHsl('#ffffff')).toEqual({ h: 0, s: 0, l: 100 });
    const navy = hexToHsl('#1c3f6e');
    expect(navy.h).toBeCloseTo(214.4, 1);
    expect(navy.l).toBeCloseTo(27.1, 1);
  });
  it('round-trips every channel value within one unit', () => {
    for (const hex of ['#000000', '#123456', '#abcdef', '#7f7f7f', '#00a86b', '#c0392b', '#fafafa']) {
      expect(hslToHex(hexToHsl(hex))).toBe(hex);
    }
  });
});

describe('lighten', () => {
  it('adds HSL lightness points (the brand hover is 10 points brighter)', () => {
    expect(lighten('#808080', 10)).toBe('#9a9a9a');
    const base = hexToHsl('#1c3f6e');
    const hover = hexToHsl(lighten('#1c3f6e', 10));
    expect(hover.l).toBeCloseTo(base.l + 10, 0);
    expect(hover.h).toBeCloseTo(base.h, 0);
  });
  it('stops at white', () => {
    expect(lighten('#f5f5f5', 10)).toBe('#ffffff');
  });
});

describe('colorScale', () => {
  const scale = colorScale('#1C3F6E');

  it('has ten shades with the brand colour itself at the base shade', () => {
    expect(scale).toHaveLength(10);
    expect(scale[BASE_SHADE]).toBe('#1c3f6e');
  });
  it('goes from light to dark, keeping the hue', () => {
    const lightness = scale.map((hex) => hexToHsl(hex).l);
    for (let i = 1; i < 10; i++) expect(lightness[i]).toBeLessThan(lightness[i - 1]!);
    expect(lightness[0]).toBeGreaterThan(94);
    for (const hex of scale) expect(hexToHsl(hex).h).toBeCloseTo(214, -1);
  });
  it('handles greys and very light colours', () => {
    expect(colorScale('#808080').every((hex) => /^#([0-9a-f]{2})\1\1$/.test(hex))).toBe(true);
    const pale = colorScale('#fdfdfd');
    expect(pale[0]).toBe('#fdfdfd');
    expect(pale[9]).not.toBe('#fdfdfd');
  });
});

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#1c3f6e', '#ffffff')).toBeGreaterThan(4.5);
  });
  it('picks the readable text colour', () => {
    expect(readableTextOn('#1c3f6e')).toBe('#ffffff');
    expect(readableTextOn('#ffd43b')).toBe('#1a1b1e');
  });
});
