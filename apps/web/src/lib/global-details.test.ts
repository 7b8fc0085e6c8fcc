import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch';
import { globalDetails } from '../test/global-details';
import { globalDetailsKey, loadSessionFlags, sessionFlagsOf } from './global-details';
import { queryClient } from './react-query';

const details = (over: Parameters<typeof globalDetails>[0] = {}) =>
  globalDetails({
    featureStatus: [
      { feature_id: 'MY_SERVICES', enabled: true, params: null },
      { feature_id: 'BENEFICIARIES_ADD', enabled: false, params: null },
      { feature_id: 'CONTRACT_RESILIATION', enabled: true, params: {} },
    ],
    logoutRedirectUrl: 'https://tenant.example/bye',
    ...over,
    insured: { invalidPersonalInformation: true, validatedLegalPages: false, ...over.insured },
  });

afterEach(() => queryClient.clear());

describe('sessionFlagsOf', () => {
  it('derives the guard’s session flags from the global details', () => {
    expect(sessionFlagsOf(details())).toEqual({
      invalidPersonalInfo: true,
      legalPagesValidated: false,
      isBoAuthentication: false,
      schoolingPopup: false,
      features: ['MY_SERVICES', 'CONTRACT_RESILIATION'],
      logoutRedirectUrl: 'https://tenant.example/bye',
    });
    expect(sessionFlagsOf(details({ isBoAuthentication: true })).isBoAuthentication).toBe(true);
  });

  it('never opens the validate-info gate on a tenant that asks no mandatory information', () => {
    expect(sessionFlagsOf(details({ environmentHasMandatoryInformations: false })).invalidPersonalInfo).toBe(false);
  });
});

describe('loadSessionFlags', () => {
  it('loads /all-info once into the query cache', async () => {
    const { calls } = stubFetch({ '/all-info': jsonResponse({ data: details() }) });
    await loadSessionFlags();
    await loadSessionFlags();
    expect(calls.filter((c) => c.url === '/api/all-info')).toHaveLength(1);
    expect(queryClient.getQueryData(globalDetailsKey)).toMatchObject({ logoutRedirectUrl: 'https://tenant.example/bye' });
  });
});
