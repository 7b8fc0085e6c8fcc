import { describe, expect, it } from 'vitest';
import { CONSENT_VALIDITY_DAYS, isConsentCurrent, ZConsentChoice } from './consent';

describe('isConsentCurrent', () => {
  it('keeps a choice for CONSENT_VALIDITY_DAYS, then asks again', () => {
    const decided = new Date('2026-01-01T00:00:00Z');
    const day = 86_400_000;
    expect(isConsentCurrent(decided, new Date(decided.getTime() + (CONSENT_VALIDITY_DAYS - 1) * day))).toBe(true);
    expect(isConsentCurrent(decided, new Date(decided.getTime() + CONSENT_VALIDITY_DAYS * day))).toBe(false);
  });
});

describe('ZConsentChoice', () => {
  it('wants a yes or no for audience measurement, in French', () => {
    expect(ZConsentChoice.parse({ analytics: false })).toEqual({ analytics: false });
    expect(ZConsentChoice.safeParse({}).error?.issues[0]?.message).toBe('Indiquez si vous acceptez la mesure d’audience.');
  });
});
