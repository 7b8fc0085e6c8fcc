import { Alert, Button, Card, Group, Loader, NativeSelect, NumberInput, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { frenchPercentBp, managementCostsBp } from '@mutua/contracts';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { useAdminProductCosts, useSaveProductCosts } from './api/tenant-product-costs';

type Draft = { redistribution: number | string; claimsManagement: number | string; acquisition: number | string; administration: number | string };
const FIELDS: { name: keyof Draft; label: string }[] = [
  { name: 'redistribution', label: 'Taux de redistribution (%)' },
  { name: 'claimsManagement', label: 'Frais de gestion des sinistres (%)' },
  { name: 'acquisition', label: 'Frais d’acquisition (%)' },
  { name: 'administration', label: 'Frais d’administration (%)' },
];

/**
 * Each product's redistribution rate and management costs for a closed year, shown to members on
 * « Mes contrats » (annual notice, arrêté du 6 mai 2020).
 */
export function ProductCostsAdmin({ tenantId }: { tenantId: string }) {
  const costs = useAdminProductCosts(tenantId);
  const save = useSaveProductCosts(tenantId);
  const [product, setProduct] = useState<string | null>(null);
  const [year, setYear] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  if (costs.isPending) return <Loader aria-label="Chargement des frais de gestion" />;
  if (costs.isError) return <Text c="red.9">{costs.error.message}</Text>;
  const { products, rows, lastClosedYear } = costs.data;
  const chosen = product ?? products[0]?.productNumber ?? '';
  const chosenYear = year ?? lastClosedYear;
  const current = rows.find((r) => r.productNumber === chosen && r.year === chosenYear);
  const values: Draft = draft ?? {
    redistribution: current ? current.redistributionBp / 100 : '',
    claimsManagement: current ? current.claimsManagementBp / 100 : '',
    acquisition: current ? current.acquisitionBp / 100 : '',
    administration: current ? current.administrationBp / 100 : '',
  };
  const fields: Record<string, string> = save.error instanceof ApiError ? save.error.fields : {};
  const pick = (next: { product?: string; year?: number }) => {
    if (next.product !== undefined) setProduct(next.product);
    if (next.year !== undefined) setYear(next.year);
    setDraft(null);
    save.reset();
  };
  const years = Array.from({ length: lastClosedYear - 2019 + 1 }, (_, i) => lastClosedYear - i);
  return (
    <Card withBorder component="section" aria-labelledby="product-costs-title">
      <Title order={2} size="h4" id="product-costs-title" mb="xs">
        Frais de gestion et taux de redistribution
      </Title>
      <Text size="sm" mb="sm">
        Pour chaque produit et chaque exercice clos, en pourcentage des cotisations. Les adhérents voient ceux du dernier exercice clos sur «&nbsp;Mes contrats&nbsp;».
      </Text>
      {products.length === 0 ? (
        <Text size="sm">Aucun adhérent ne détient encore de produit.</Text>
      ) : (
        <form
          noValidate
          aria-labelledby="product-costs-title"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ product: chosen, year: chosenYear, input: values as never }, { onSuccess: () => setDraft(null) });
          }}
        >
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <NativeSelect label="Produit" value={chosen} onChange={(e) => pick({ product: e.currentTarget.value })} data={products.map((p) => ({ value: p.productNumber, label: `${p.label} (${p.productNumber})` }))} />
              <NativeSelect label="Exercice" value={String(chosenYear)} onChange={(e) => pick({ year: Number(e.currentTarget.value) })} data={years.map((y) => String(y))} />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {FIELDS.map((f) => (
                <NumberInput
                  key={f.name}
                  label={f.label}
                  required
                  min={0}
                  max={200}
                  decimalScale={2}
                  decimalSeparator=","
                  value={values[f.name]}
                  error={fields[f.name]}
                  onChange={(v) => setDraft({ ...values, [f.name]: v })}
                />
              ))}
            </SimpleGrid>
            {save.error && (
              <Alert color="red" role="alert">
                {save.error.message}
              </Alert>
            )}
            {save.isSuccess && !draft && (
              <Alert color="teal" role="status">
                Frais de gestion enregistrés.
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={save.isPending}>
                Enregistrer
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {rows.length > 0 && (
        <Table mt="md" fz="sm" aria-label="Chiffres enregistrés">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Produit</Table.Th>
              <Table.Th scope="col">Exercice</Table.Th>
              <Table.Th scope="col">Redistribution</Table.Th>
              <Table.Th scope="col">Frais de gestion</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.productNumber}-${r.year}`}>
                <Table.Td>{r.productNumber}</Table.Td>
                <Table.Td>{r.year}</Table.Td>
                <Table.Td>{frenchPercentBp(r.redistributionBp)}</Table.Td>
                <Table.Td>{frenchPercentBp(managementCostsBp(r))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
