import { describe, expect, it } from 'vitest';
import { BRAND } from '../test/fixtures';
import { brandCssVariables, fontStack } from '@mutua/contracts/brand-style';
import { contrastRatio } from '@mutua/contracts/color';
import { buildTheme, NEUTRAL_CHARTER } from './theme';
import { DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';

const charter = BRAND.graphical_charter;

describe('buildTheme', () => {
  const { theme, cssVariablesResolver } = buildTheme(charter);

  it('derives ten-shade primary and secondary scales with the brand colours at the primary shade', () => {
    expect(theme.primaryColor).toBe('primary');
    expect(theme.primaryShade).toEqual({ light: 6, dark: 6 });
    expect(theme.colors?.primary).toHaveLength(10);
    expect(theme.colors?.primary?.[6]).toBe('#1c3f6e');
    expect(theme.colors?.secondary?.[6]).toBe('#2f7d6d');
  });

  it('maps the three roundings to radius sm / md / lg', () => {
    expect(theme.radius).toEqual({ sm: '0.25rem', md: '0.5rem', lg: '1rem' });
    expect(theme.defaultRadius).toBe('md');
  });

  it('uses the brand fonts for body and headings', () => {
    expect(theme.fontFamily).toMatch(/^"Inter", /);
    expect(theme.headings?.fontFamily).toMatch(/^"Merriweather", /);
  });

  it('exposes the brand as CSS variables, hover 10 HSL points brighter, font colours in the scheme', () => {
    const vars = cssVariablesResolver(theme as MantineTheme);
    expect(vars.variables).toMatchObject({
      '--mutua-color-primary': '#1c3f6e',
      '--mutua-color-primary-hover': '#265697',
      '--mutua-color-on-primary': '#ffffff',
      '--mutua-font-color-heading': '#102a43',
    });
    expect(vars.light).toMatchObject({
      '--mantine-color-text': '#1f2933',
      '--mantine-color-primary-filled-hover': '#265697',
      '--mantine-primary-color-contrast': '#ffffff',
    });
  });

  it('gives filled primary buttons the brand text colour and hover', () => {
    const full = mergeMantineTheme(DEFAULT_THEME, theme);
    const resolved = full.variantColorResolver({ color: undefined, variant: 'filled', theme: full });
    expect(resolved).toMatchObject({
      background: 'var(--mutua-color-primary)',
      hover: 'var(--mutua-color-primary-hover)',
      color: 'var(--mutua-color-on-primary)',
    });
  });
});

describe('fontStack', () => {
  it('quotes the family and keeps system fallbacks', () => {
    expect(fontStack('Open Sans')).toMatch(/^"Open Sans", system-ui/);
  });
  it('keeps a whole stack, quoting names and leaving keywords bare', () => {
    expect(fontStack('system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif')).toBe(
      'system-ui, -apple-system, "Segoe UI", "Roboto", "Arial", sans-serif',
    );
    expect(fontStack('Georgia, serif')).toBe('"Georgia", serif');
  });
  it('strips what could break out of the declaration', () => {
    expect(fontStack('Evil"; } body { x: y')).toMatch(/^"Evil body x y", system-ui/);
    expect(fontStack(';{}')).toMatch(/^system-ui/);
  });
});

describe('NEUTRAL_CHARTER', () => {
  it('reads as AA text on its primary colour', () => {
    const vars = brandCssVariables(NEUTRAL_CHARTER);
    expect(contrastRatio(vars['--mutua-color-primary']!, vars['--mutua-color-on-primary']!)).toBeGreaterThanOrEqual(4.5);
  });
});
