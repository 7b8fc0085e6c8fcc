import { colorsTuple, defaultVariantColorsResolver, type CSSVariablesResolver, type MantineThemeOverride, type VariantColorsResolver } from '@mantine/core';
import type { TGraphicalCharter } from '@mutua/contracts/brand';
import { brandCssVariables, fontStack } from '@mutua/contracts/brand-style';
import { BASE_SHADE, colorScale } from '@mutua/contracts/color';

/** Theme used while no brand is known (no-brand page, /debug, /error): neutral, AA contrast with white. */
export const NEUTRAL_CHARTER: TGraphicalCharter = {
  fonts: { body: 'system-ui', heading: 'system-ui' },
  colors: { primary: '#2c4a6e', secondary: '#4a5563' },
  fontColors: { body: '#1f2933', heading: '#1f2933', onPrimary: '#ffffff' },
  rounding: { small: 4, medium: 8, large: 16 },
  logo: '',
  favicon: '/api/brand/favicon.svg',
};

/** Filled primary/secondary elements: brand text colour on them, and the brand's lighter hover. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const color = input.color ?? input.theme.primaryColor;
  const result = defaultVariantColorsResolver({ ...input, color });
  if (input.variant === 'filled' && (color === 'primary' || color === 'secondary')) {
    return {
      ...result,
      background: `var(--mutua-color-${color})`,
      hover: `var(--mutua-color-${color}-hover)`,
      color: `var(--mutua-color-on-${color})`,
      hoverColor: `var(--mutua-color-on-${color})`,
    };
  }
  // Light variants (alerts, badges) put the 9th shade on the 1st: teal gives 4.3:1, under the 4.5:1 of
  // WCAG AA for their bold 14 px titles. A quarter of black brings every colour above it.
  if (input.variant === 'light')
    return {
      ...result,
      color: `color-mix(in srgb, ${result.color}, black 25%)`,
      hoverColor: `color-mix(in srgb, ${result.hoverColor ?? result.color}, black 25%)`,
    };
  return result;
};

/**
 * Mantine draws a dialog's title bar as a <header>; portalled to <body>, outside any sectioning
 * element, it is a second banner landmark beside the page's own header (axe: landmark-no-duplicate-banner,
 * landmark-unique). A title bar is no banner: its element keeps no role, the dialog its name from the title.
 */
export const DIALOG_DEFAULTS = { attributes: { header: { role: 'presentation' } } };

export type BrandTheme = { theme: MantineThemeOverride; cssVariablesResolver: CSSVariablesResolver };

/** Mantine theme from the brand's graphical charter. */
export function buildTheme(charter: TGraphicalCharter): BrandTheme {
  const vars = brandCssVariables(charter);
  const px = (n: number) => `${n / 16}rem`;

  const theme: MantineThemeOverride = {
    colors: {
      primary: colorsTuple(colorScale(charter.colors.primary)),
      secondary: colorsTuple(colorScale(charter.colors.secondary)),
    },
    primaryColor: 'primary',
    primaryShade: { light: BASE_SHADE, dark: BASE_SHADE },
    fontFamily: fontStack(charter.fonts.body),
    headings: { fontFamily: fontStack(charter.fonts.heading) },
    radius: { sm: px(charter.rounding.small), md: px(charter.rounding.medium), lg: px(charter.rounding.large) },
    defaultRadius: 'md',
    variantColorResolver,
    cursorType: 'pointer',
    // Plain objects, not Modal.extend(): importing the components here would put the dialogs' code in
    // every page's entry.
    components: { Modal: { defaultProps: DIALOG_DEFAULTS }, Drawer: { defaultProps: DIALOG_DEFAULTS } },
  };

  const schemeVars = {
    '--mantine-color-text': vars['--mutua-font-color-body']!,
    // Mantine's dimmed grey (#868e96) and error red (#fa5252) are 3.3:1 on white: descriptions, hints
    // and field errors need 4.5:1 (WCAG AA).
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-primary-color-contrast': vars['--mutua-color-on-primary']!,
    '--mantine-color-primary-filled-hover': vars['--mutua-color-primary-hover']!,
    '--mantine-color-secondary-filled-hover': vars['--mutua-color-secondary-hover']!,
  };
  const cssVariablesResolver: CSSVariablesResolver = () => ({ variables: vars, light: schemeVars, dark: schemeVars });
  return { theme, cssVariablesResolver };
}
