/** The portal speaks French only: the spec's "stored language" has no other value to fall back from. */
export const LOCALE = 'fr';
export const INTL_LOCALE = 'fr-FR';
