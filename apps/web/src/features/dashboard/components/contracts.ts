import { parisIsoDate } from '@mutua/contracts/dates';
import type { TGlobalDetails } from '@mutua/contracts/global-details';

export type Contract = TGlobalDetails['insured']['contractsSubscribed'][number];

/** A contract is active from its start date until its end date (none: ongoing), finished after — on France's day, as the server reads it. */
export function isContractActive(contract: Pick<Contract, 'incomingDate' | 'outgoingDate'>, today: string = parisIsoDate()): boolean {
  return contract.incomingDate.slice(0, 10) <= today && (contract.outgoingDate === null || contract.outgoingDate.slice(0, 10) >= today);
}

export const CONTRACT_KIND_LABELS: Record<Contract['kind'], string> = {
  INDIVIDUAL: 'Contrat individuel',
  COLLECTIVE: 'Contrat collectif',
};

/**
 * The family's contracts as the member thinks of them: one line per contract number and product (the
 * global details list one subscription per insured person), from the earliest start, with how many
 * people it covers.
 */
export function distinctContracts(contracts: readonly Contract[]): (Contract & { covered: number })[] {
  const byKey = new Map<string, Contract & { covered: number }>();
  for (const contract of contracts) {
    const key = `${contract.insurerContract}|${contract.label}|${contract.kind}|${contract.outgoingDate ?? ''}`;
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { ...contract, covered: 1 });
    else
      byKey.set(key, {
        ...seen,
        incomingDate: seen.incomingDate < contract.incomingDate ? seen.incomingDate : contract.incomingDate,
        covered: seen.covered + 1,
      });
  }
  return [...byKey.values()];
}
