import { createHash } from 'node:crypto';
import type { Tenant } from '../db/schema';

/** Brand asset URLs carry a content hash, so browsers may cache them for good. */
function assetUrl(name: 'logo' | 'favicon', svg: string): string {
  const version = createHash('sha256').update(svg).digest('hex').slice(0, 10);
  return `/api/brand/${name}.svg?v=${version}`;
}

/** The brand as init and the global details send it: name, colours, hashed asset URLs, cookie banner token. */
export function brandOf(tenant: Tenant) {
  return {
    name: tenant.name,
    graphical_charter: {
      ...tenant.graphicalCharter,
      logo: assetUrl('logo', tenant.logoSvg),
      favicon: assetUrl('favicon', tenant.faviconSvg),
    },
    cookies: { token: tenant.settings.cookieConsentToken ?? null },
  };
}
