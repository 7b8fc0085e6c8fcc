import './styles';
import { Button, EmptyState, Group, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { REQUEST_TYPE_LABELS, REQUEST_TYPES, ZRequestType, type RequestType } from '@mutua/contracts/requests';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useRequests } from '../api/get-requests';
import { AverageDelay } from '../components/average-delay';
import { MessageForm } from '../components/message-form';
import { filterGroups, RequestList } from '../components/request-list';
import { RequestPanel } from '../components/request-panel';
import { LoadState, RowsSkeleton } from '../../../components/load-state';

/** Request groups shown at first, and added by each "Afficher plus de demandes". */
export const GROUPS_STEP = 15;

const TYPE_OPTIONS = [{ value: '', label: 'Toutes les demandes' }, ...REQUEST_TYPES.map((type) => ({ value: type, label: REQUEST_TYPE_LABELS[type] }))];

/** Route `requests`: request groups with a type filter and refresh, the request panel, writing a message. */
export function Component() {
  const [params, setParams] = useSearchParams();
  // The type filter and the open request live in the page: changing them is not a navigation (no
  // guard run, focus stays where it is). The URL only opens the page with them (links from home).
  const [type, setType] = useState<RequestType | null>(() => {
    const parsed = ZRequestType.safeParse(params.get('type'));
    return parsed.success ? parsed.data : null;
  });
  const [openId, setOpenId] = useState<string | null>(() => params.get('request'));
  const linked = params.get('request');
  const [followedLink, setFollowedLink] = useState(linked);
  if (linked !== followedLink) {
    setFollowedLink(linked);
    if (linked) setOpenId(linked);
  }
  const { groups, delay, isPending, error, isRefreshing, refresh } = useRequests();
  const [writing, setWriting] = useState(false);
  const [shownGroups, setShownGroups] = useState({ type, count: GROUPS_STEP });
  const groupLimit = shownGroups.type === type ? shownGroups.count : GROUPS_STEP;
  const phone = useMediaQuery('(max-width: 36em)');

  const shown = useMemo(() => filterGroups(groups ?? [], type), [groups, type]);
  const count = shown.reduce((n, g) => n + g.requests.length, 0);
  const openRequest = useMemo(() => (openId ? ((groups ?? []).flatMap((g) => g.requests).find((r) => r.id === openId) ?? null) : null), [groups, openId]);

  const close = () => {
    setOpenId(null);
    // Opened by a link: the link's parameter goes, so that a reload does not open it again.
    if (params.has('request')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('request');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>Mes demandes</Title>
        <Group gap="sm">
          <Button variant="outline" onClick={() => setWriting(true)} aria-haspopup="dialog">
            Écrire un message
          </Button>
          <Button component={Link} to={paths.newRequest} preventScrollReset>
            Nouvelle demande
          </Button>
        </Group>
      </Group>

      {delay && <AverageDelay delay={delay} />}

      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Type de demande"
          data={TYPE_OPTIONS}
          value={type ?? ''}
          onChange={(e) => setType(ZRequestType.safeParse(e.currentTarget.value).data ?? null)}
          w={{ base: '100%', xs: 260 }}
        />
        <Button variant="default" onClick={refresh} loading={isRefreshing} aria-busy={isRefreshing}>
          Actualiser
        </Button>
      </Group>

      {isPending || error ? (
        <LoadState
          query={{ isPending, isError: Boolean(error), error, refetch: refresh }}
          title="Un problème inattendu est survenu."
          loading={<RowsSkeleton label="Chargement des demandes" height={72} gap="sm" />}
        />
      ) : (
        <>
          <Text size="sm" aria-live="polite" data-testid="requests-count">
            {count === 0 ? '' : count === 1 ? '1 demande' : `${count} demandes`}
          </Text>
          {count === 0 ? (
            <EmptyState
              align="left"
              size="sm"
              title={type ? 'Aucune demande de ce type.' : 'Vous n’avez encore fait aucune demande.'}
              data-testid="requests-empty"
            >
              <EmptyState.Actions>
                {type ? (
                  <Button variant="light" onClick={() => setType(null)}>
                    Voir toutes mes demandes
                  </Button>
                ) : (
                  <Button component={Link} to={paths.newRequest} variant="light" preventScrollReset>
                    Faire une nouvelle demande
                  </Button>
                )}
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <Stack gap="md">
              <RequestList groups={shown.slice(0, groupLimit)} onOpen={setOpenId} />
              {shown.length > groupLimit && (
                <Group justify="center">
                  <Button variant="default" onClick={() => setShownGroups({ type, count: groupLimit + GROUPS_STEP })}>
                    Afficher plus de demandes
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </>
      )}

      <RequestPanel request={openRequest} onClose={close} />
      <Modal
        opened={writing}
        onClose={() => setWriting(false)}
        title="Écrire un message"
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        <MessageForm
          onCancel={() => setWriting(false)}
          onViewRequest={(id) => {
            setWriting(false);
            setOpenId(id);
          }}
        />
      </Modal>
    </Stack>
  );
}
