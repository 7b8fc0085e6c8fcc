import { Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { HEADING_LABELS, type TGuaranteeProduct } from '@mutua/contracts/guarantees-api';
import { formatEuros } from '../../../lib/format';
import classes from './guarantees.module.css';

type Example = TGuaranteeProduct['examples'][number];

function ExampleCard({ example }: { example: Example }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Stack gap={4}>
        <Text fw={600}>{example.label}</Text>
        <Text size="sm">
          Dépense {formatEuros(example.expenseCents)} · Sécurité sociale {formatEuros(example.amoCents)} · votre mutuelle{' '}
          <strong>{formatEuros(example.amcCents)}</strong> · reste à votre charge <strong>{formatEuros(example.remainingCents)}</strong>
        </Text>
        <Text size="sm" c="gray.7">
          {example.explanation}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The common refund examples in euros, computed by the engine from the product (same acts and expenses for every insurer). */
export function RefundExamples({ product }: { product: TGuaranteeProduct }) {
  if (product.examples.length === 0) return <Text size="sm">Aucun exemple n’est disponible pour ce contrat.</Text>;
  // Both drawn, one shown by the screen's width (CSS): no moment where the wide table sits on a phone.
  return (
    <>
      <SimpleGrid component="ul" cols={1} spacing="xs" className={classes.plainList} hiddenFrom="md">
        {product.examples.map((e) => (
          <ExampleCard key={e.code} example={e} />
        ))}
      </SimpleGrid>
      <ExamplesTable product={product} />
    </>
  );
}

function ExamplesTable({ product }: { product: TGuaranteeProduct }) {
  return (
    <Table visibleFrom="md" withTableBorder striped verticalSpacing={6} fz="sm" data-testid="refund-examples">
      <caption>
        <VisuallyHidden>Exemples de remboursement en euros, {product.label}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Soin</Table.Th>
          <Table.Th scope="col" className={classes.num}>
            Dépense
          </Table.Th>
          <Table.Th scope="col" className={classes.num}>
            Sécurité sociale
          </Table.Th>
          <Table.Th scope="col" className={classes.num}>
            Votre mutuelle
          </Table.Th>
          <Table.Th scope="col" className={classes.num}>
            Reste à votre charge
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {product.examples.map((e) => (
          <Table.Tr key={e.code}>
            <Table.Th scope="row" fw={500}>
              {e.label}
              <Text size="xs" c="gray.7" fw={400}>
                {HEADING_LABELS[e.heading]} · {e.explanation}
              </Text>
            </Table.Th>
            <Table.Td className={classes.num}>{formatEuros(e.expenseCents)}</Table.Td>
            <Table.Td className={classes.num}>{formatEuros(e.amoCents)}</Table.Td>
            <Table.Td className={classes.num}>
              <strong>{formatEuros(e.amcCents)}</strong>
            </Table.Td>
            <Table.Td className={classes.num}>{formatEuros(e.remainingCents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
