import { Stack, Text } from '@mantine/core';
import { complaintCountdowns } from '@mutua/contracts/complaints';
import { parisIsoDate } from '@mutua/contracts/dates';
import { isClaimKind, messageKindOf, type TRequest } from '@mutua/contracts/requests';

const ACKNOWLEDGED = new Set(['in_progress', 'answered', 'done']);
const ANSWERED = new Set(['answered', 'done']);

/**
 * A complaint's open deadlines (ACPR 2022-R-01): the acknowledgement in jours
 * ouvrables, the answer in days, computed by the contracts' working-day rule; red when breached.
 */
export function ComplaintCountdown({
  request,
  size = 'sm',
}: {
  request: Pick<TRequest, 'type' | 'typeCode' | 'createdAt' | 'statusList'>;
  size?: 'xs' | 'sm';
}) {
  if (request.type !== 'message' || !isClaimKind(messageKindOf(request.typeCode))) return null;
  const steps = request.statusList.map((s) => s.step as string);
  const countdowns = complaintCountdowns(parisIsoDate(new Date(request.createdAt)), parisIsoDate(), {
    acknowledged: steps.some((s) => ACKNOWLEDGED.has(s)),
    answered: steps.some((s) => ANSWERED.has(s)),
  });
  if (countdowns.length === 0) return null;
  return (
    <Stack gap={2} data-testid="complaint-countdown">
      {countdowns.map((c) => (
        <Text key={c.kind} size={size} fw={c.breached ? 700 : 500} c={c.breached ? 'red.8' : 'blue.9'} data-breached={c.breached || undefined}>
          {c.text}
        </Text>
      ))}
    </Stack>
  );
}
