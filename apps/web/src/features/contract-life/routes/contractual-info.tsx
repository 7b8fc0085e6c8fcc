import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAccessState } from '../../../lib/access-store';
import { useGlobalDetails } from '../../../lib/global-details';
import { paths } from '../../../lib/paths';
import { useContracts } from '../api/get-contracts';
import { ContractCard } from '../components/contract-card';
import { ContractDocuments } from '../components/contract-documents';
import { LoadState } from '../../../components/load-state';
import { ProductCosts } from '../components/product-costs';

/** Route `contractualInfo`: ongoing then ended health contracts, their options and guarantees, the shared documents, and termination. */
export function Component() {
  const contracts = useContracts();
  const schedules = useGlobalDetails((d) => d.insured.paymentSchedules).data ?? [];
  const canTerminate = useAccessState((s) => s.session?.features.includes('CONTRACT_RESILIATION') ?? false);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1}>Mes contrats</Title>
        <Group gap="xs" wrap="wrap">
          <Button component={Link} to={paths.guarantees} variant="light">
            Mes garanties
          </Button>
          <Button component={Link} to={paths.estimate} variant="outline">
            Estimer un remboursement
          </Button>
        </Group>
      </Group>
      <LoadState query={contracts} title="Vos contrats n’ont pas pu être chargés" />
      {contracts.data && contracts.data.contracts.length === 0 && (
        <Text>
          Aucun contrat n’est rattaché à votre espace. <Link to={paths.contactUs}>Contactez-nous</Link> si vous pensez qu’il s’agit d’une erreur.
        </Text>
      )}
      {contracts.data && (
        <>
          <Text size="sm">Numéro d’adhérent&nbsp;: {contracts.data.membershipNumber}</Text>
          {contracts.data.contracts.map((c) => (
            <ContractCard
              key={c.insurerContract}
              contract={c}
              canTerminate={canTerminate}
              schedule={schedules.find((s) => s.insurerContract === c.insurerContract)}
            />
          ))}
          {contracts.data.contracts.length > 0 && <ProductCosts contracts={contracts.data.contracts} />}
          {contracts.data.contracts.length > 0 && <ContractDocuments onlyCollective={contracts.data.contracts.every((c) => c.kind === 'COLLECTIVE')} />}
        </>
      )}
    </Stack>
  );
}
