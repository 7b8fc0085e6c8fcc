import type { TGlobalDetails } from '@mutua/contracts';
import { dayjs } from '../../../lib/dayjs';

export type Contract = TGlobalDetails['insured']['contractsSubscribed'][number];

/** A contract is active from its start date until its end date (none: ongoing), finished after. */
export function isContractActive(contract: Pick<Contract, 'incomingDate' | 'outgoingDate'>, today: string = dayjs().format('YYYY-MM-DD')): boolean {
  return contract.incomingDate.slice(0, 10) <= today && (contract.outgoingDate === null || contract.outgoingDate.slice(0, 10) >= today);
}

export const CONTRACT_KIND_LABELS: Record<Contract['kind'], string> = {
  INDIVIDUAL: 'Contrat individuel',
  COLLECTIVE: 'Contrat collectif',
};
