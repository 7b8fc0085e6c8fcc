import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { TEstimate } from '@mutua/contracts/guarantees-api';
import { useId } from 'react';
import { CareLineFigures } from '../../../components/care-line';
import { formatEuros } from '../../../lib/format';
import { UNKNOWN_DENTAL_ACT } from '../quote-estimate';
import classes from './send-documents.module.css';

type Props = {
  estimate: TEstimate;
  /** For each line typed, its index in the estimate, or null when it could not be estimated. */
  lineOf: (number | null)[];
};

/** What each line of the quote would be refunded, against the member's own guarantees, and the total: an estimation. */
export function QuoteEstimate({ estimate, lineOf }: Props) {
  const headingId = useId();
  const allowances = estimate.lines.flatMap((l) => (l.allowance ? [l.allowance.sentence] : []));
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="quote-estimate" className={classes.estimate}>
      <Group gap="xs" wrap="wrap">
        <Badge color="orange" variant="light">
          Estimation
        </Badge>
        <Title order={4} size="h5" id={headingId}>
          Votre remboursement, selon vos garanties
        </Title>
      </Group>
      <CareLineFigures
        line={{ amoNetCents: estimate.totals.amoNetCents, amcCents: estimate.totals.amcCents, remainingCents: estimate.totals.remainingCents }}
      />
      <ol className={classes.estimateLines}>
        {lineOf.map((index, i) => {
          const line = index === null ? undefined : estimate.lines[index];
          return (
            <li key={i}>
              <Text size="sm" fw={600}>
                Ligne {i + 1}
                {line ? `\u00a0: ${line.label}, ${formatEuros(line.expenseCents)}` : ''}
              </Text>
              {line ? (
                <>
                  <Text size="sm">
                    Sécurité sociale {formatEuros(line.amoNetCents)} · votre mutuelle <strong>{formatEuros(line.amcCents)}</strong> · reste à votre charge{' '}
                    <strong>{formatEuros(line.remainingCents)}</strong>
                  </Text>
                  <Text size="sm" c="gray.7">
                    {line.explanation}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="gray.7">
                  {UNKNOWN_DENTAL_ACT}
                </Text>
              )}
            </li>
          );
        })}
      </ol>
      {allowances.length > 0 && (
        <Alert color="blue" variant="light" title="Vos plafonds">
          {[...new Set(allowances)].join(' ')}
        </Alert>
      )}
      <Text size="xs" c="gray.7">
        Estimation selon vos garanties et les tarifs de la Sécurité sociale d’aujourd’hui&nbsp;: le remboursement définitif dépend de la facture.
      </Text>
    </Stack>
  );
}
