import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DataTable } from '@mutua/ui/data-table';
import type { TPaymentSchedule } from '@mutua/contracts/documents';
import { CONTRACT_OPTION_KIND_LABELS, TERMINATION_BLOCK_MESSAGES, type TContract } from '@mutua/contracts/termination';
import { Link } from 'react-router';
import { PaymentSchedulePanel } from '../../../components/payment-schedule-panel';
import { formatDate, formatEuros, formatName } from '../../../lib/format';
import { paths } from '../../../lib/paths';

const KIND_LABELS = { COLLECTIVE: 'Contrat collectif (employeur)', INDIVIDUAL: 'Contrat individuel' } as const;

/** One health contract of contractual-info: dates, persons, options, guarantees (or HR), and the way to terminate it. */
export function ContractCard({ contract, canTerminate, schedule }: { contract: TContract; canTerminate: boolean; schedule?: TPaymentSchedule | undefined }) {
  const active = contract.status === 'ACTIVE';
  const headingId = `contract-${contract.insurerContract}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {contract.label}
          </Title>
          <Badge color={active ? 'teal' : 'gray'} variant="light" size="lg">
            {active ? 'En cours' : 'Terminé'}
          </Badge>
        </Group>
        <Text size="sm">
          {KIND_LABELS[contract.kind]} · n°&nbsp;{contract.insurerContract}
        </Text>
        <Text size="sm">
          {active
            ? `Depuis le ${formatDate(contract.startDate, 'long')}${contract.nextDueDate ? ` · prochaine échéance le ${formatDate(contract.nextDueDate, 'long')}` : ''}`
            : `Du ${formatDate(contract.startDate, 'long')} au ${formatDate(contract.endDate, 'long')}`}
        </Text>
        <Text size="sm">
          <strong>Personnes couvertes&nbsp;:</strong> {contract.persons.map((p) => `${formatName(p.firstName)} ${formatName(p.surName)}`).join(', ')}
        </Text>

        {contract.options.length > 0 && (
          <Stack gap={4}>
            <Title order={3} size="h5">
              Options
            </Title>
            <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
              {contract.options.map((o) => (
                <li key={o.code}>
                  <Text size="sm" component="span">
                    {o.label} ({CONTRACT_OPTION_KIND_LABELS[o.kind].toLowerCase()}){o.monthlyCents > 0 ? ` · ${formatEuros(o.monthlyCents)} par mois` : ''}
                  </Text>
                </li>
              ))}
            </ul>
          </Stack>
        )}

        {contract.guarantees === null ? (
          <Alert variant="light" color="blue" title="Tableau des garanties">
            Votre tableau de garanties est à obtenir auprès du service des ressources humaines de votre entreprise.
          </Alert>
        ) : (
          contract.guarantees.length > 0 && (
            <details>
              <summary>
                <Text span fw={600} size="sm">
                  Tableau des garanties
                </Text>
              </summary>
              <DataTable
                striped
                withTableBorder
                mt="xs"
                fz="sm"
                label={`Tableau des garanties, ${contract.label}`}
                rows={contract.guarantees}
                rowKey={(g) => `${g.category}-${g.label}`}
                columns={[
                  { header: 'Poste', cell: (g) => g.category },
                  { header: 'Garantie', cell: (g) => g.label },
                  { header: 'Niveau', cell: (g) => g.value },
                ]}
              />
            </details>
          )
        )}

        {schedule && <PaymentSchedulePanel schedule={schedule} />}

        {active &&
          (contract.terminationBlock === null ? (
            canTerminate && (
              <Group>
                <Button component={Link} to={paths.paidOptions} state={{ insurerContract: contract.insurerContract }} variant="outline">
                  Résilier votre contrat
                </Button>
              </Group>
            )
          ) : (
            <Text size="sm" c="dimmed" data-testid="termination-block">
              {TERMINATION_BLOCK_MESSAGES[contract.terminationBlock]}
              {contract.terminationBlock === 'CANCELLATION_DISABLED' && contract.terminationBlockDetail ? ` ${contract.terminationBlockDetail}` : ''}
              {contract.terminationBlock === 'COLLECTIVE' && (
                <>
                  {' '}
                  <Anchor component={Link} to={paths.contactUs} td="underline">
                    Nous contacter
                  </Anchor>
                </>
              )}
            </Text>
          ))}
      </Stack>
    </Paper>
  );
}
