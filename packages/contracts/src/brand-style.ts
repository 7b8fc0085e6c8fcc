import { BRAND_HOVER_LIGHTEN_POINTS } from './platform';
import type { TGraphicalCharter } from './brand';
import { lighten, normalizeHex, readableTextOn } from './color';

/**
 * The brand's charter as CSS: the portal's theme (apps/web) and the server-rendered login page
 * (apps/server, http/login-page.ts) paint from the same values.
 */

const FALLBACK_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const GENERIC_FAMILIES = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'math',
]);
/** Keywords and system-font aliases: written bare (quoting would make them unknown family names). */
const BARE_FAMILIES = new Set([...GENERIC_FAMILIES, 'emoji', '-apple-system', 'BlinkMacSystemFont']);

/**
 * A brand font family, or a comma-separated stack, as a safe CSS value: each family keeps letters,
 * digits, spaces and hyphens only, names are quoted, and a stack without a generic family gets the
 * system fallbacks.
 */
export function fontStack(value: string): string {
  const families = value
    .split(',')
    .map((family) =>
      family
        .replace(/[^\p{L}\p{N} -]/gu, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  if (families.length === 0) return FALLBACK_FONTS;
  const css = families.map((family) => (BARE_FAMILIES.has(family) ? family : `"${family}"`)).join(', ');
  return families.some((family) => GENERIC_FAMILIES.has(family)) ? css : `${css}, ${FALLBACK_FONTS}`;
}

/** The brand's values as CSS custom properties (read by our CSS and by end-to-end tests). */
export function brandCssVariables(charter: TGraphicalCharter): Record<string, string> {
  const primary = normalizeHex(charter.colors.primary);
  const secondary = normalizeHex(charter.colors.secondary);
  return {
    '--mutua-color-primary': primary,
    '--mutua-color-primary-hover': lighten(primary, BRAND_HOVER_LIGHTEN_POINTS),
    '--mutua-color-secondary': secondary,
    '--mutua-color-secondary-hover': lighten(secondary, BRAND_HOVER_LIGHTEN_POINTS),
    '--mutua-color-on-primary': normalizeHex(charter.fontColors.onPrimary),
    '--mutua-color-on-secondary': readableTextOn(secondary),
    '--mutua-font-color-body': normalizeHex(charter.fontColors.body),
    '--mutua-font-color-heading': normalizeHex(charter.fontColors.heading),
  };
}
