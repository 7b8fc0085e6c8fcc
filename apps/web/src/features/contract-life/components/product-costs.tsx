import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_COSTS_NOTICE, frenchPercentBp, managementCostsBp, perHundredEuros } from '@mutua/contracts/product-costs';
import type { TContract } from '@mutua/contracts/termination';
import { LoadState } from '../../../components/load-state';
import { useProductCosts } from '../api/get-product-costs';

/**
 * The annual notice of each product's redistribution rate and management costs (with their
 * composition) for the last closed year, under the contracts that hold it.
 */
export function ProductCosts({ contracts }: { contracts: readonly TContract[] }) {
  const costs = useProductCosts();
  if (!costs.data) return <LoadState query={costs} title="Les frais de gestion n’ont pas pu être chargés" loading={0} />;
  if (costs.data.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="product-costs-title" data-testid="product-costs">
      <Title order={2} size="h4" id="product-costs-title">
        Frais de gestion et taux de redistribution
      </Title>
      <Text size="sm">{PRODUCT_COSTS_NOTICE}</Text>
      {costs.data.map((c) => {
        const labels = [...new Set(contracts.filter((k) => k.productNumber === c.productNumber).map((k) => k.label))];
        const management = managementCostsBp(c);
        return (
          <Paper key={c.productNumber} withBorder p="md" component="section" aria-labelledby={`costs-${c.productNumber}`}>
            <Title order={3} size="h5" id={`costs-${c.productNumber}`}>
              {labels.join(', ') || c.productNumber}, exercice {c.year}
            </Title>
            <List size="sm" spacing={4} mt="xs">
              <List.Item>
                Taux de redistribution&nbsp;: <strong>{frenchPercentBp(c.redistributionBp)}</strong>. Pour 100&nbsp;€ de cotisations perçues,{' '}
                {perHundredEuros(c.redistributionBp)} ont été reversés aux adhérents sous forme de remboursements de soins.
              </List.Item>
              <List.Item>
                Frais de gestion&nbsp;: <strong>{frenchPercentBp(management)}</strong> des cotisations, dont&nbsp;:
                <List size="sm" withPadding>
                  <List.Item>frais de gestion des sinistres (traitement de vos remboursements)&nbsp;: {frenchPercentBp(c.claimsManagementBp)}&nbsp;;</List.Item>
                  <List.Item>frais d’acquisition (information, commercialisation, adhésion)&nbsp;: {frenchPercentBp(c.acquisitionBp)}&nbsp;;</List.Item>
                  <List.Item>frais d’administration (gestion des contrats et fonctionnement)&nbsp;: {frenchPercentBp(c.administrationBp)}.</List.Item>
                </List>
              </List.Item>
            </List>
          </Paper>
        );
      })}
    </Stack>
  );
}
