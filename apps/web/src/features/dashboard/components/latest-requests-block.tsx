import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { TRequest, TRequestGroup } from '@mutua/contracts/requests';
import { Link } from 'react-router';
import { NewBadge, StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Block, BlockEmpty, BlockLink } from './block';
import classes from './dashboard.module.css';

function RequestLine({ request }: { request: TRequest }) {
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={`${paths.requests}?request=${request.id}`} className={classes.itemLink}>
        {request.title}
      </Anchor>
      <Text size="sm">
        {request.kindLabel} — mis à jour le {formatDate(request.updatedAt)}
      </Text>
      <Group gap="xs">
        <StatusBadge label={request.statusLabel} tone={request.statusTone} />
        {request.isNew && <NewBadge />}
      </Group>
    </Stack>
  );
}

/**
 * lastRequests of the global details: the first 3 request groups, one item each (the requests sent
 * together listed inside theirs), with a New request link.
 */
export function LatestRequestsBlock({ groups }: { groups: TRequestGroup[] }) {
  const requests = groups.flatMap((g) => g.requests);
  return (
    <Block
      title="Mes dernières demandes"
      footer={
        <>
          {requests.length > 0 && <BlockLink to={paths.requests}>Toutes mes demandes</BlockLink>}
          <Button component={Link} to={paths.newRequest} variant="light" size="sm">
            Nouvelle demande
          </Button>
        </>
      }
    >
      {requests.length === 0 ? (
        <BlockEmpty text="Vous n’avez aucune demande en cours. Une question, un document à envoyer&nbsp;? Faites une nouvelle demande." />
      ) : (
        <ul className={classes.list}>
          {groups.map((group) => (
            <li key={group.id} className={classes.item} data-testid="latest-request-group">
              {group.requests.length === 1 ? (
                <RequestLine request={group.requests[0]!} />
              ) : (
                <Stack gap="xs">
                  <Text size="sm" fw={600}>
                    {group.requests.length} demandes envoyées ensemble le {formatDate(group.createdAt)}
                  </Text>
                  <ul className={classes.groupList}>
                    {group.requests.map((request) => (
                      <li key={request.id}>
                        <RequestLine request={request} />
                      </li>
                    ))}
                  </ul>
                </Stack>
              )}
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}
