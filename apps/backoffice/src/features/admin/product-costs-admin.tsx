import { Group, Loader, NativeSelect, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { DataTable } from '@mutua/ui/data-table';
import { frenchPercentBp, managementCostsBp } from '@mutua/contracts/product-costs';
import { LoadState } from '@mutua/ui/load-state';
import { Outcome } from '@mutua/ui/outcome';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { AdminFormCard, FormActions } from './admin-form';
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
  if (costs.isPending || costs.isError) return <LoadState query={costs} loading={<Loader aria-label="Chargement des frais de gestion" />} />;
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
  const saved = rows.length > 0 && (
    <DataTable
      mt="md"
      fz="sm"
      label="Chiffres enregistrés"
      rows={rows}
      rowKey={(r) => `${r.productNumber}-${r.year}`}
      columns={[
        { header: 'Produit', cell: (r) => r.productNumber },
        { header: 'Exercice', cell: (r) => r.year },
        { header: 'Redistribution', cell: (r) => frenchPercentBp(r.redistributionBp) },
        { header: 'Frais de gestion', cell: (r) => frenchPercentBp(managementCostsBp(r)) },
      ]}
    />
  );
  return (
    <AdminFormCard
      id="product-costs-title"
      title="Frais de gestion et taux de redistribution"
      intro={
        'Pour chaque produit et chaque exercice clos, en pourcentage des cotisations. Les adhérents voient ceux du dernier exercice clos sur «\u00a0Mes contrats\u00a0».'
      }
      noValidate
      empty={products.length === 0 ? <Text size="sm">Aucun adhérent ne détient encore de produit.</Text> : undefined}
      after={saved}
      onSubmit={() => save.mutate({ product: chosen, year: chosenYear, input: values as never }, { onSuccess: () => setDraft(null) })}
    >
      <Group gap="sm" wrap="wrap">
        <NativeSelect
          label="Produit"
          value={chosen}
          onChange={(e) => pick({ product: e.currentTarget.value })}
          data={products.map((p) => ({ value: p.productNumber, label: `${p.label} (${p.productNumber})` }))}
        />
        <NativeSelect
          label="Exercice"
          value={String(chosenYear)}
          onChange={(e) => pick({ year: Number(e.currentTarget.value) })}
          data={years.map((y) => String(y))}
        />
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
      <Outcome error={save.error} done={save.isSuccess && !draft} text="Frais de gestion enregistrés." />
      <FormActions pending={save.isPending} />
    </AdminFormCard>
  );
}
