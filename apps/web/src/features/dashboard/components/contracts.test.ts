import { describe, expect, it } from 'vitest';
import { distinctContracts, isContractActive, type Contract } from './contracts';

const contract = (overrides: Partial<Contract> = {}): Contract => ({
  familyPosition: 1,
  kind: 'INDIVIDUAL',
  label: 'Santé Essentielle',
  incomingDate: '2024-01-01',
  outgoingDate: null,
  insurerContract: 'IND-1',
  productNumber: 'P1',
  companyId: null,
  baseOptionCode: 'BASE',
  ...overrides,
});

describe('contracts of the home page', () => {
  it('one line per contract: the subscriptions of each insured person are counted, from the earliest start', () => {
    const lines = distinctContracts([
      contract(),
      contract({ familyPosition: 2, incomingDate: '2023-06-01' }),
      contract({ familyPosition: 3 }),
      contract({ familyPosition: 1, label: 'Option dentaire', insurerContract: 'OPT-7' }),
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ insurerContract: 'IND-1', covered: 3, incomingDate: '2023-06-01' });
    expect(lines[1]).toMatchObject({ insurerContract: 'OPT-7', covered: 1 });
  });

  it('active from its start until its end date; none means ongoing', () => {
    expect(isContractActive(contract(), '2026-01-15')).toBe(true);
    expect(isContractActive(contract({ incomingDate: '2026-02-01' }), '2026-01-15')).toBe(false);
    expect(isContractActive(contract({ outgoingDate: '2025-12-31' }), '2026-01-15')).toBe(false);
    expect(isContractActive(contract({ outgoingDate: '2026-01-15' }), '2026-01-15')).toBe(true);
  });
});
