import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/fetch';
import { getHeartbeat } from './heartbeat';
import { ZInitData } from '@mutua/contracts/platform';
import { getInit, readInitData } from './init';
import { logout } from './logout';

afterEach(() => vi.useRealTimers());

describe('getInit', () => {
  it('reads data.data: brand and logout redirect URL', async () => {
    stubFetch({ '/init': jsonResponse({ data: { data: { logoutRedirectUrl: 'https://example.org', brand: BRAND } } }) });
    await expect(getInit()).resolves.toEqual({ kind: 'brand', brand: BRAND, logoutRedirectUrl: 'https://example.org' });
  });

  it('unknown host (404 ENVIRONMENT_NOT_FOUND) → no brand', async () => {
    stubFetch({ '/init': jsonResponse({ error: { code: 'ENVIRONMENT_NOT_FOUND', message: 'x' } }, 404) });
    await expect(getInit()).resolves.toEqual({ kind: 'no-brand' });
  });

  it('timeout (10 s) → error 500 flagged timeout', async () => {
    vi.useFakeTimers();
    stubFetch({ '/init': 'hang' });
    const outcome = getInit();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(outcome).resolves.toEqual({ kind: 'error', error: { status: 500, timeout: true, reason: null } });
  });

  it('network error → error 500', async () => {
    stubFetch({ '/init': 'network' });
    await expect(getInit()).resolves.toEqual({ kind: 'error', error: { status: 500, timeout: false, reason: null } });
  });

  it('other status → that status and the public reason', async () => {
    stubFetch({ '/init': jsonResponse({ error: { code: 'MAINTENANCE', message: 'm' }, maintenance_public_reason: 'Migration en cours' }, 503) });
    await expect(getInit()).resolves.toEqual({ kind: 'error', error: { status: 503, timeout: false, reason: 'Migration en cours' } });
  });

  it('a brand of the wrong shape is a brand configuration error', async () => {
    const bad = { ...BRAND, graphical_charter: { ...BRAND.graphical_charter, colors: { primary: 'blue', secondary: '#000' } } };
    stubFetch({ '/init': jsonResponse({ data: { data: { logoutRedirectUrl: null, brand: bad } } }) });
    await expect(getInit()).resolves.toMatchObject({ kind: 'error', error: { status: 500 } });
  });
});

describe('readInitData', () => {
  const charter = BRAND.graphical_charter;
  const samples: [string, unknown][] = [
    ['valid', { logoutRedirectUrl: null, brand: BRAND }],
    ['with a redirect URL', { logoutRedirectUrl: 'https://x.example', brand: BRAND }],
    ['short hex', { logoutRedirectUrl: null, brand: { ...BRAND, graphical_charter: { ...charter, colors: { primary: '#abc', secondary: '#123' } } } }],
    ['named colour', { logoutRedirectUrl: null, brand: { ...BRAND, graphical_charter: { ...charter, colors: { primary: 'blue', secondary: '#123' } } } }],
    [
      'bad font colour',
      { logoutRedirectUrl: null, brand: { ...BRAND, graphical_charter: { ...charter, fontColors: { ...charter.fontColors, onPrimary: '#12' } } } },
    ],
    ['rounding too large', { logoutRedirectUrl: null, brand: { ...BRAND, graphical_charter: { ...charter, rounding: { small: 4, medium: 8, large: 60 } } } }],
    [
      'rounding not an integer',
      { logoutRedirectUrl: null, brand: { ...BRAND, graphical_charter: { ...charter, rounding: { small: 4.5, medium: 8, large: 16 } } } },
    ],
    ['empty font', { logoutRedirectUrl: null, brand: { ...BRAND, graphical_charter: { ...charter, fonts: { body: '', heading: 'x' } } } }],
    ['no logo', { logoutRedirectUrl: null, brand: { ...BRAND, graphical_charter: { ...charter, logo: '' } } }],
    ['no name', { logoutRedirectUrl: null, brand: { ...BRAND, name: '' } }],
    ['no cookies', { logoutRedirectUrl: null, brand: { ...BRAND, cookies: undefined } }],
    ['no brand', { logoutRedirectUrl: null }],
    ['null', null],
  ];
  it.each(samples)('agrees with the contract schema ZInitData: %s', (_, sample) => {
    expect(readInitData(sample) !== null).toBe(ZInitData.safeParse(sample).success);
  });
});

describe('getHeartbeat', () => {
  it('returns status and debug-session flag', async () => {
    stubFetch({ '/heartbeat': jsonResponse({ data: { status: 'UP', active_debug_session: true } }) });
    await expect(getHeartbeat()).resolves.toEqual({ status: 'UP', active_debug_session: true });
  });

  it.each([
    ['network failure', 'network' as const],
    ['error status', jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500)],
    ['503', jsonResponse({ error: { code: 'MAINTENANCE', message: 'x' } }, 503)],
    ['wrong shape', jsonResponse({ data: { status: 'MAYBE' } })],
  ])('%s → DOWN', async (_, answer) => {
    stubFetch({ '/heartbeat': answer });
    await expect(getHeartbeat()).resolves.toEqual({ status: 'DOWN', active_debug_session: false });
  });

  it('times out after 10 s → DOWN', async () => {
    vi.useFakeTimers();
    stubFetch({ '/heartbeat': 'hang' });
    const result = getHeartbeat();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toMatchObject({ status: 'DOWN' });
  });
});

describe('logout', () => {
  it('returns the URL in the nested data field', async () => {
    stubFetch({ '/auth/logout': jsonResponse({ data: { data: { url: 'https://tenant.example/bye' } } }) });
    await expect(logout()).resolves.toBe('https://tenant.example/bye');
  });
  it('returns null without a URL or on failure', async () => {
    stubFetch({ '/auth/logout': jsonResponse({ data: { data: { url: null } } }) });
    await expect(logout()).resolves.toBeNull();
    stubFetch({ '/auth/logout': 'network' });
    await expect(logout()).resolves.toBeNull();
  });
});
