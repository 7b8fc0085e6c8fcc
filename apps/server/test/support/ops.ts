import type { TestApp } from './test-app';

/** The operator switches a feature of the first tenant on or off (with its parameters, if it takes some). */
export const setTenantFeature = (t: TestApp, featureId: string, enabled: boolean, params?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ops/tenants/mutua/features',
    payload: params === undefined ? { featureId, enabled } : { featureId, enabled, params },
    remoteAddress: '127.0.0.1',
    headers: { authorization: `Bearer ${t.operatorToken}` },
  });
