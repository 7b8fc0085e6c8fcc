import { Stack, Text } from '@mantine/core';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useRouteServed } from '../../../lib/route-availability';
import { Block, BlockEmpty, BlockLink, BlockList } from './block';
import { CONTRACT_KIND_LABELS, distinctContracts, isContractActive } from './contracts';

/** The member's contracts in force (label, kind, number, start), and how many have ended. */
export function ContractBlock({ contracts }: { contracts: TGlobalDetails['insured']['contractsSubscribed'] }) {
  const contractualInfo = useRouteServed('contractualInfo');
  const all = distinctContracts(contracts);
  const active = all.filter((c) => isContractActive(c));
  const ended = all.length - active.length;
  return (
    <Block title="Mon contrat" footer={contractualInfo && <BlockLink to={paths.contractualInfo}>Voir mes contrats</BlockLink>}>
      <BlockList
        items={active}
        itemKey={(contract) => `${contract.insurerContract}-${contract.label}-${contract.incomingDate}`}
        empty={<BlockEmpty text="Vous n’avez pas de contrat en cours." action={<BlockLink to={paths.newRequest}>Nous contacter</BlockLink>} />}
      >
        {(contract) => (
          <Stack gap={2}>
            <Text fw={600}>{contract.label}</Text>
            <Text size="sm">
              {CONTRACT_KIND_LABELS[contract.kind]} n° {contract.insurerContract}
            </Text>
            <Text size="sm">En cours depuis le {formatDate(contract.incomingDate, 'long')}</Text>
            {contract.covered > 1 && <Text size="sm">{contract.covered} personnes couvertes</Text>}
          </Stack>
        )}
      </BlockList>
      {ended > 0 && <Text size="sm">{ended === 1 ? '1 contrat terminé' : `${ended} contrats terminés`}</Text>}
    </Block>
  );
}
