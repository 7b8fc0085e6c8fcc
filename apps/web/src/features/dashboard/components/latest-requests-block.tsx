import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { TRequestGroup } from '@mutua/contracts';
import { Link } from 'react-router';
import { NewBadge, StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Block, BlockEmpty } from './block';
import classes from './dashboard.module.css';

/** lastRequests of the global details: the first request groups (portal-access.md §7), with a New request link. */
export function LatestRequestsBlock({ groups }: { groups: TRequestGroup[] }) {
  const requests = groups.flatMap((g) => g.requests);
  return (
    <Block
      title="Mes dernières demandes"
      footer={
        <>
          {requests.length > 0 && (
            <Anchor component={Link} to={paths.requests}>
              Toutes mes demandes
            </Anchor>
          )}
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
          {requests.map((request) => (
            <li key={request.id} className={classes.item}>
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
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}
