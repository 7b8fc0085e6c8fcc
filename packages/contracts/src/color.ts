/**
 * Colour maths for the brand theme: pure functions on hex strings, no DOM, no Mantine.
 * HSL components: h in [0, 360), s and l in [0, 100].
 */
export type Hsl = { h: number; s: number; l: number };
type Rgb = { r: number; g: number; b: number };

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#ABC` / `#aabbcc` → `#aabbcc`; throws on anything else. */
export function normalizeHex(hex: string): string {
  const match = HEX.exec(hex.trim());
  if (!match?.[1]) throw new Error(`Couleur hexadécimale invalide\u00a0: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return `#${digits.toLowerCase()}`;
}

function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(normalizeHex(hex).slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function hexToHsl(hex: string): Hsl {
  const { r, g, b } = hexToRgb(hex);
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l: l * 100 };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rn) h = ((gn - bn) / d) % 6;
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return { h: (h * 60 + 360) % 360, s: s * 100, l: l * 100 };
}

export function hslToHex({ h, s, l }: Hsl): string {
  const sn = clamp(s, 0, 100) / 100;
  const ln = clamp(l, 0, 100) / 100;
  const c = (1 - Math.abs(2 * ln - 1)) * sn;
  const hp = (((h % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r1, g1, b1] = hp < 1 ? [c, x, 0] : hp < 2 ? [x, c, 0] : hp < 3 ? [0, c, x] : hp < 4 ? [0, x, c] : hp < 5 ? [x, 0, c] : [c, 0, x];
  const m = ln - c / 2;
  return rgbToHex({ r: (r1 + m) * 255, g: (g1 + m) * 255, b: (b1 + m) * 255 });
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Adds `points` to the HSL lightness (clamped to 100): the spec's "10 points brighter" hover. */
export function lighten(hex: string, points: number): string {
  const hsl = hexToHsl(hex);
  return hslToHex({ ...hsl, l: clamp(hsl.l + points, 0, 100) });
}

/** Shade index that holds the brand colour itself; Mantine's `primaryShade` points here. */
export const BASE_SHADE = 6;
const LIGHTEST = 96;
const DARKEST_RATIO = 0.4;

/**
 * Ten shades (Mantine's colour tuple) around `hex`: index 6 is the colour itself, 0–5 step its
 * lightness evenly up to 96, 7–9 step it down to 40 % of its value. Hue and saturation are kept.
 */
export function colorScale(hex: string): string[] {
  const base = normalizeHex(hex);
  const { h, s, l } = hexToHsl(base);
  return Array.from({ length: 10 }, (_, i) => {
    if (i === BASE_SHADE) return base;
    if (i < BASE_SHADE) {
      const t = (BASE_SHADE - i) / BASE_SHADE;
      return hslToHex({ h, s, l: l + (Math.max(LIGHTEST, l) - l) * t });
    }
    const t = (i - BASE_SHADE) / (9 - BASE_SHADE);
    return hslToHex({ h, s, l: l - l * (1 - DARKEST_RATIO) * t });
  });
}

/** WCAG relative luminance of a hex colour, in [0, 1]. */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio between two hex colours, in [1, 21]. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black text, whichever reads better on `background`. */
export function readableTextOn(background: string): '#ffffff' | '#1a1b1e' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#1a1b1e') ? '#ffffff' : '#1a1b1e';
}
