import './styles';
import { Alert, Button, EmptyState, Group, Modal, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { REQUEST_TYPE_LABELS, REQUEST_TYPES, ZRequestType, type RequestType } from '@mutua/contracts';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useRequests } from '../api/get-requests';
import { AverageDelay } from '../components/average-delay';
import { MessageForm } from '../components/message-form';
import { filterGroups, RequestList } from '../components/request-list';
import { RequestPanel } from '../components/request-panel';

const TYPE_OPTIONS = [{ value: '', label: 'Toutes les demandes' }, ...REQUEST_TYPES.map((type) => ({ value: type, label: REQUEST_TYPE_LABELS[type] }))];

/** Route `requests`: request groups with a type filter and refresh, the request panel, writing a message. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const parsedType = ZRequestType.safeParse(params.get('type'));
  const type: RequestType | null = parsedType.success ? parsedType.data : null;
  const openId = params.get('request');
  const { groups, delay, isPending, error, isRefreshing, refresh } = useRequests();
  const [writing, setWriting] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');

  const shown = useMemo(() => filterGroups(groups ?? [], type), [groups, type]);
  const count = shown.reduce((n, g) => n + g.requests.length, 0);
  const openRequest = useMemo(() => (openId ? (groups ?? []).flatMap((g) => g.requests).find((r) => r.id === openId) ?? null : null), [groups, openId]);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { preventScrollReset: true },
    );

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
        <NativeSelect label="Type de demande" data={TYPE_OPTIONS} value={type ?? ''} onChange={(e) => setParam('type', e.currentTarget.value || null)} w={{ base: '100%', xs: 260 }} />
        <Button variant="default" onClick={refresh} loading={isRefreshing} aria-busy={isRefreshing}>
          Actualiser
        </Button>
      </Group>

      {isPending ? (
        <Stack gap="sm" role="status" aria-label="Chargement des demandes">
          <Skeleton height={72} />
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      ) : error ? (
        <Alert color="red" title="Un problème inattendu est survenu." role="alert">
          <Stack gap="sm" align="flex-start">
            {error.message}
            <Button variant="light" color="red" onClick={refresh}>
              Réessayer
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Text size="sm" aria-live="polite" data-testid="requests-count">
            {count === 0 ? '' : count === 1 ? '1 demande' : `${count} demandes`}
          </Text>
          {count === 0 ? (
            <EmptyState align="left" size="sm" title={type ? 'Aucune demande de ce type.' : 'Vous n’avez encore fait aucune demande.'} data-testid="requests-empty">
              <EmptyState.Actions>
                {type ? (
                  <Button variant="light" onClick={() => setParam('type', null)}>
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
            <RequestList groups={shown} onOpen={(id) => setParam('request', id)} />
          )}
        </>
      )}

      <RequestPanel request={openRequest} onClose={() => setParam('request', null)} />
      <Modal opened={writing} onClose={() => setWriting(false)} title="Écrire un message" size="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Fermer' }}>
        <MessageForm
          onCancel={() => setWriting(false)}
          onViewRequest={(id) => {
            setWriting(false);
            setParam('request', id);
          }}
        />
      </Modal>
    </Stack>
  );
}
