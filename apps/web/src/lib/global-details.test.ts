import type { TGlobalDetails } from '@mutua/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch';
import { globalDetailsKey, loadSessionFlags, sessionFlagsOf } from './global-details';
import { queryClient } from './react-query';

const details = (over: { insured?: object; [k: string]: unknown } = {}) =>
  ({
    featureStatus: [
      { feature_id: 'MY_SERVICES', enabled: true, params: null },
      { feature_id: 'BENEFICIARIES_ADD', enabled: false, params: null },
      { feature_id: 'CONTRACT_RESILIATION', enabled: true, params: {} },
    ],
    logoutRedirectUrl: 'https://tenant.example/bye',
    isBoAuthentication: false,
    ...over,
    insured: { invalidPersonalInformation: true, validatedLegalPages: false, ...over.insured },
  }) as unknown as TGlobalDetails;

afterEach(() => queryClient.clear());

describe('sessionFlagsOf', () => {
  it('derives the guard’s session flags from the global details', () => {
    expect(sessionFlagsOf(details())).toEqual({
      invalidPersonalInfo: true,
      legalPagesValidated: false,
      isBoAuthentication: false,
      schoolingPopup: false,
      features: { services: true, beneficiariesAdd: false, contractResiliation: true },
      logoutRedirectUrl: 'https://tenant.example/bye',
    });
    expect(sessionFlagsOf(details({ isBoAuthentication: true })).isBoAuthentication).toBe(true);
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
