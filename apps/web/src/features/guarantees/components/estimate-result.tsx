import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TEstimate, TEstimateLine } from '@mutua/contracts/guarantees-api';
import { useEffect, useId, useRef } from 'react';
import { CareLineDetail, CareLineFigures } from '../../../components/care-line';
import { formatDate, formatEuros } from '../../../lib/format';
import { useAllowances } from '../api/get-allowances';
import classes from './guarantees.module.css';

/** What the line would use of a limited guarantee: what is left today, and after this care. */
function LineAllowance({ line, familyPosition }: { line: TEstimateLine; familyPosition: number }) {
  const allowances = useAllowances(familyPosition, { enabled: line.allowance !== null });
  if (!line.allowance) return null;
  const today = allowances.data?.allowances.find((a) => a.guaranteeCode === line.allowance!.guaranteeCode);
  return (
    <Alert color={line.allowance.remainingAfter === 0 ? 'orange' : 'blue'} variant="light" title="Vos plafonds" data-testid="estimate-allowance">
      <Stack gap={4}>
        {today && <Text size="sm">Aujourd’hui&nbsp;: {today.sentence}</Text>}
        <Text size="sm" fw={600}>
          Après ce soin&nbsp;: {line.allowance.sentence}
        </Text>
      </Stack>
    </Alert>
  );
}

/** The estimate, clearly labelled as one: the three figures, the explanation, the allowance it would use, then every figure. */
export function EstimateResult({ estimate, beneficiaryName }: { estimate: TEstimate; beneficiaryName: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // A new estimate takes the eye: its heading takes the focus, so a screen reader reads it next.
  useEffect(() => headingRef.current?.focus(), [estimate]);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
      data-testid="estimate-result"
      className={classes.result}
    >
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          <Badge color="orange" variant="light" size="lg">
            Estimation
          </Badge>
          <Text size="sm" c="gray.7">
            pour {beneficiaryName}, soins du {formatDate(estimate.careDate, 'long')}
          </Text>
        </Group>
        {estimate.lines.map((line, index) => (
          <Stack key={`${line.actCode}-${index}`} gap="md">
            <Title
              order={2}
              size="h3"
              id={index === 0 ? headingId : undefined}
              ref={index === 0 ? headingRef : undefined}
              tabIndex={-1}
              className={classes.resultTitle}
            >
              {line.label} · {formatEuros(line.expenseCents)}
            </Title>
            <CareLineFigures line={line} />
            <LineAllowance line={line} familyPosition={estimate.familyPosition} />
            <details className={classes.details}>
              <summary>Le détail du calcul</summary>
              <CareLineDetail line={line} guarantee={line.guarantee?.label ?? null} />
            </details>
          </Stack>
        ))}
        <Text size="sm" c="gray.7">
          Estimation selon vos garanties et les tarifs de la Sécurité sociale à la date des soins. Le remboursement définitif dépend de la facture et du
          décompte de la Sécurité sociale.
        </Text>
      </Stack>
    </Paper>
  );
}
