import { contractResiliationParams } from '@mutua/contracts/features';
import { ZGlobalDetails } from '@mutua/contracts/global-details';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthClient } from './support/auth';
import { setTenantFeature } from './support/ops';
import type { TestApp } from './support/test-app';
import { openSignedIn } from './support/signed-in';
import { dentalOptionTermination } from './support/member-requests';

let t: TestApp;
let camille: AuthClient;

beforeAll(async () => void ([t, camille] = await openSignedIn('camille')));
afterAll(() => t.close());

const form = dentalOptionTermination;
const operator = (params: unknown) => setTenantFeature(t, 'CONTRACT_RESILIATION', true, params);
// The tenant directory keeps a tenant one second.
const settle = () => new Promise((r) => setTimeout(r, 1_100));

describe('the CONTRACT_RESILIATION toggle’s params', () => {
  it('are read where the termination is offered: a kind the tenant does not offer online is refused, the other goes on', async () => {
    expect((await operator({ allowIndividualContract: false, allowPaidOptions: true })).statusCode).toBe(200);
    await settle();
    const details = ZGlobalDetails.parse((await camille.get('/api/all-info')).json().data);
    expect(contractResiliationParams(details.featureStatus)).toEqual({ allowIndividualContract: false, allowPaidOptions: true });

    const contract = await camille.post('/api/terminations', { ...form, kind: 'INDIVIDUAL_CONTRACT', optionCodes: [] });
    expect(contract.statusCode).toBe(409);
    expect(contract.json().error).toEqual({
      code: 'TERMINATION_NOT_ALLOWED',
      message: 'La résiliation du contrat individuel ne se fait pas en ligne\u00a0: contactez-nous.',
    });
    const options = await camille.post('/api/terminations', form);
    expect(options.statusCode, options.body).toBe(201);

    expect((await operator({ allowIndividualContract: true, allowPaidOptions: false })).statusCode).toBe(200);
    await settle();
    expect((await camille.post('/api/terminations', form)).json().error.code).toBe('TERMINATION_NOT_ALLOWED');
    expect((await camille.post('/api/terminations', { ...form, kind: 'INDIVIDUAL_CONTRACT', optionCodes: [] })).statusCode).toBe(201);
  });

  it('are checked when set: params the screens could not read are refused', async () => {
    const bad = await operator({ allowPaidOptions: 'oui' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('allowPaidOptions');
    expect((await operator({ somethingElse: true })).statusCode).toBe(400);
  });
});
