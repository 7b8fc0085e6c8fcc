import type { TBrand } from '@mutua/contracts';

export const BRAND: TBrand = {
  name: 'Mutuelle Horizon',
  graphical_charter: {
    fonts: { body: 'Inter', heading: 'Merriweather' },
    colors: { primary: '#1c3f6e', secondary: '#2f7d6d' },
    fontColors: { body: '#1f2933', heading: '#102a43', onPrimary: '#ffffff' },
    rounding: { small: 4, medium: 8, large: 16 },
    logo: '/api/brand/logo.svg',
    favicon: '/api/brand/favicon.svg',
  },
  cookies: { token: null },
};
