import { Button, DataList, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MEMBER_ERRORS } from '@mutua/contracts/errors';
import { canReplyToRequest } from '@mutua/contracts/request-kinds';
import { MISSING_INFORMATION_TEXTS, REQUEST_TYPE_LABELS, awaitsMissingInformation, type TRequest } from '@mutua/contracts/requests';
import { useEffect, useRef, useState } from 'react';
import { Link, generatePath } from 'react-router';
import { paths } from '../../../lib/paths';
import { NewBadge, StatusBadge } from '../../../components/status-badge';
import { formatDate, formatPersonName } from '../../../lib/format';
import { useMarkRequestRead } from '../api/mark-request-read';
import { ComplaintCountdown } from './complaint-countdown';
import { MessageThread } from './message-thread';
import { ReplyForm } from './reply-form';
import { RequestTimeline } from './request-timeline';
import { DataRow } from '../../../components/data-row';

/** Whether opening the request must mark it read (unread status, or never opened). */
export const needsMarkRead = (request: Pick<TRequest, 'read' | 'statusKey'>) => !request.read || request.statusKey === 'unread';

/** Reply part of the panel: the reply rule from contracts decides; a message request that refuses says why. */
export function ReplySection({ request }: { request: TRequest }) {
  const [replying, setReplying] = useState(false);
  // The management centre waits for files: the « missing information » dialog takes them.
  if (awaitsMissingInformation(request))
    return (
      <Group>
        <Button component={Link} to={generatePath(paths.missingInformation, { requestId: request.id })}>
          {MISSING_INFORMATION_TEXTS.open}
        </Button>
      </Group>
    );
  if (!canReplyToRequest(request)) {
    return request.type === 'message' ? (
      <Text size="sm" data-testid="reply-unavailable">
        {MEMBER_ERRORS.REQUEST_REPLY_NOT_ALLOWED.message}
      </Text>
    ) : null;
  }
  if (replying) return <ReplyForm requestId={request.id} onCancel={() => setReplying(false)} />;
  return (
    <Group>
      <Button onClick={() => setReplying(true)}>Répondre</Button>
    </Group>
  );
}

/** Opening marks read on the server once per opening (idempotent there), then locally. */
function useMarkReadOnOpen(request: TRequest) {
  const markRead = useMarkRequestRead();
  const done = useRef<string | null>(null);
  const { mutate } = markRead;
  const needed = needsMarkRead(request);
  useEffect(() => {
    if (!needed || done.current === request.id) return;
    done.current = request.id;
    mutate(request.id);
  }, [needed, request.id, mutate]);
}

function PanelContent({ request }: { request: TRequest }) {
  useMarkReadOnOpen(request);
  return (
    <Stack gap="lg">
      <DataList size="sm" labelWidth="9rem">
        <DataRow label="Type">
          {REQUEST_TYPE_LABELS[request.type]} — {request.kindLabel}
        </DataRow>
        {request.beneficiary && <DataRow label="Bénéficiaire">{formatPersonName(request.beneficiary)}</DataRow>}
        <DataRow label="Créée le">{formatDate(request.createdAt, 'long')}</DataRow>
        <DataRow label="Statut">
          <Group gap="xs">
            <StatusBadge label={request.statusLabel} tone={request.statusTone} />
            {request.isNew && <NewBadge />}
          </Group>
        </DataRow>
      </DataList>
      <ComplaintCountdown request={request} />

      <Stack gap="sm" component="section" aria-labelledby="request-steps-title">
        <Title order={3} size="h5" id="request-steps-title">
          Suivi de la demande
        </Title>
        <RequestTimeline steps={request.statusList} />
      </Stack>

      {(request.messages.length > 0 || request.type === 'message') && (
        <Stack gap="sm" component="section" aria-labelledby="request-messages-title">
          <Title order={3} size="h5" id="request-messages-title">
            Messages
          </Title>
          {request.messages.length > 0 ? <MessageThread messages={request.messages} /> : <Text size="sm">Aucun message pour cette demande.</Text>}
          <ReplySection key={request.id} request={request} />
        </Stack>
      )}
    </Stack>
  );
}

/** The request panel: a side panel (full screen on phones) over the requests page. */
export function RequestPanel({ request, onClose }: { request: TRequest | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer
      opened={request !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={request?.title ?? ''}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      data-testid="request-panel"
    >
      {request && <PanelContent request={request} />}
    </Drawer>
  );
}
