import { z } from 'zod';

/** CSS colour in #rgb or #rrggbb form: the brand colours are hex so the theme can derive scales. */
export const ZHexColor = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'couleur hexadécimale attendue');

export const ZGraphicalCharter = z.object({
  fonts: z.object({ body: z.string().min(1), heading: z.string().min(1) }),
  colors: z.object({ primary: ZHexColor, secondary: ZHexColor }),
  fontColors: z.object({ body: ZHexColor, heading: ZHexColor, onPrimary: ZHexColor }),
  rounding: z.object({ small: z.number().int().min(0).max(48), medium: z.number().int().min(0).max(48), large: z.number().int().min(0).max(48) }),
  /** Paths served by the API (`/api/brand/<tenant>/logo.svg`) or absolute URLs. */
  logo: z.string().min(1),
  favicon: z.string().min(1),
});
export type TGraphicalCharter = z.infer<typeof ZGraphicalCharter>;

/**
 * A charter as one row of a table — fonts (body, heading), colours (primary, secondary), text colours
 * (body, heading, on primary), roundings in px (small, medium, large) —, the way the demo tenants, the
 * neutral theme and the tests write theirs. Logo and favicon are empty unless given: the server fills a
 * tenant's with its own URLs (core/brand.ts).
 */
export function graphicalCharter(
  fonts: [body: string, heading: string],
  colors: [primary: string, secondary: string],
  text: [body: string, heading: string, onPrimary: string],
  rounding: [small: number, medium: number, large: number],
  files: Partial<Pick<TGraphicalCharter, 'logo' | 'favicon'>> = {},
): TGraphicalCharter {
  return {
    fonts: { body: fonts[0], heading: fonts[1] },
    colors: { primary: colors[0], secondary: colors[1] },
    fontColors: { body: text[0], heading: text[1], onPrimary: text[2] },
    rounding: { small: rounding[0], medium: rounding[1], large: rounding[2] },
    logo: files.logo ?? '',
    favicon: files.favicon ?? '',
  };
}

/** The theme while no brand is known (no-brand page, /debug, /error): neutral, AA contrast with white. */
export const NEUTRAL_CHARTER: TGraphicalCharter = {
  .../* @__PURE__ */ graphicalCharter(['system-ui', 'system-ui'], ['#2c4a6e', '#4a5563'], ['#1f2933', '#1f2933', '#ffffff'], [4, 8, 16]),
  favicon: '/api/brand/favicon.svg',
};

/** Brand configuration as the spec names it: name, graphical_charter, cookies.token. */
export const ZBrand = z.object({
  name: z.string().min(1),
  graphical_charter: ZGraphicalCharter,
  cookies: z.object({ token: z.string().nullable() }),
});
export type TBrand = z.infer<typeof ZBrand>;
