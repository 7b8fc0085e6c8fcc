import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { REQUEST_TYPE_LABELS, type RequestType, type TRequest, type TRequestGroup } from '@mutua/contracts/requests';
import { NewBadge, StatusBadge } from '../../../components/status-badge';
import { formatDate, formatPersonName } from '../../../lib/format';
import { ComplaintCountdown } from './complaint-countdown';
import classes from './requests.module.css';

/** Groups with only the requests of a type (all without one); groups left empty are dropped. */
export function filterGroups(groups: TRequestGroup[], type: RequestType | null): TRequestGroup[] {
  if (!type) return groups;
  return groups.map((g) => ({ ...g, requests: g.requests.filter((r) => r.type === type) })).filter((g) => g.requests.length > 0);
}

function RequestItem({ request, onOpen }: { request: TRequest; onOpen: (id: string) => void }) {
  return (
    <li className={classes.requestCard} data-new={request.isNew || undefined} data-testid="request-item" data-request-id={request.id}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <UnstyledButton className={classes.requestTitle} onClick={() => onOpen(request.id)} aria-haspopup="dialog">
            {request.title}
          </UnstyledButton>
          <Group gap="xs">
            <StatusBadge label={request.statusLabel} tone={request.statusTone} />
            {request.isNew && <NewBadge />}
          </Group>
        </Group>
        <Text size="sm">
          {REQUEST_TYPE_LABELS[request.type]} — {request.kindLabel}
          {request.beneficiary ? ` — ${formatPersonName(request.beneficiary)}` : ''}
        </Text>
        <Text size="sm">Mise à jour le {formatDate(request.updatedAt, 'long')}</Text>
        <ComplaintCountdown request={request} />
      </Stack>
    </li>
  );
}

/** Request groups, latest activity first; a group sent together says so. */
export function RequestList({ groups, onOpen }: { groups: TRequestGroup[]; onOpen: (id: string) => void }) {
  return (
    <ul className={classes.groups} aria-label="Mes demandes">
      {groups.map((group) => (
        <li key={group.id}>
          {group.requests.length > 1 && (
            <Text size="sm" fw={600} mb={4}>
              {group.requests.length} demandes envoyées ensemble le {formatDate(group.createdAt, 'long')}
            </Text>
          )}
          <ul className={classes.groupRequests}>
            {group.requests.map((request) => (
              <RequestItem key={request.id} request={request} onOpen={onOpen} />
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
