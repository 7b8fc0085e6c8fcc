import { Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import type { TGuaranteeProduct } from '@mutua/contracts/guarantees-api';
import { useId } from 'react';
import classes from './guarantees.module.css';

function HeadingTable({ heading }: { heading: TGuaranteeProduct['table'][number] }) {
  const titleId = useId();
  return (
    <Stack gap={6} component="section" aria-labelledby={titleId}>
      <Title order={4} size="h5" id={titleId}>
        {heading.label}
      </Title>
      {heading.rows.length === 0 ? (
        <p className={classes.none}>Votre contrat ne prévoit pas de remboursement sous cette rubrique.</p>
      ) : (
        <Table withTableBorder striped verticalSpacing={6} fz="sm" className={classes.guaranteeTable}>
          <caption>
            <VisuallyHidden>{heading.label}&nbsp;: ce que votre contrat rembourse</VisuallyHidden>
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Soin</Table.Th>
              <Table.Th scope="col">Remboursement</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {heading.rows.map((row) => (
              <Table.Tr key={row.code}>
                <Table.Th scope="row" fw={500}>
                  {row.label}
                </Table.Th>
                <Table.Td>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** A product's guarantees under the five harmonised headings (Hospitalisation, Dentaire, Optique, Aides auditives, Soins courants). */
export function GuaranteesTable({ product }: { product: TGuaranteeProduct }) {
  return (
    <Stack gap="md">
      {product.table.map((heading) => (
        <HeadingTable key={heading.heading} heading={heading} />
      ))}
    </Stack>
  );
}
