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

/** Brand configuration as the spec names it: name, graphical_charter, cookies.token. */
export const ZBrand = z.object({
  name: z.string().min(1),
  graphical_charter: ZGraphicalCharter,
  cookies: z.object({ token: z.string().nullable() }),
});
export type TBrand = z.infer<typeof ZBrand>;
