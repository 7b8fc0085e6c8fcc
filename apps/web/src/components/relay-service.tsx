import { Anchor, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TPhoneLine } from '@mutua/contracts/phone-line';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../lib/api-client';

/** Where the footer's link lands: the help page's relay section. */
export const RELAY_SECTION_ID = 'ligne-accessible';

/** GET /api/phone-line (public): the phone line and its relay service, over the same hours. */
export const phoneLineQueryOptions = () =>
  queryOptions({ queryKey: ['phone-line'], queryFn: ({ signal }) => api.get<TPhoneLine>('/phone-line', { signal }), staleTime: 3_600_000 });

/**
 * The accessible phone line for deaf and hard-of-hearing members: the tenant's relay service (written
 * transcription, LSF, LPC), its link and number, over the phone line's own hours. Nothing when the
 * tenant has set none.
 */
export function RelayService({ headingOrder = 2, id = RELAY_SECTION_ID }: { headingOrder?: 2 | 3; id?: string }) {
  const line = useQuery(phoneLineQueryOptions());
  const relay = line.data?.relayService;
  // Reached from the footer's link (/help#ligne-accessible): shown once the answer is in.
  useEffect(() => {
    if (relay && window.location.hash === `#${id}`) document.getElementById(id)?.scrollIntoView();
  }, [relay, id]);
  if (line.isPending) return <Skeleton height={90} />;
  if (!relay) return null;
  return (
    <Stack component="section" gap={4} aria-labelledby={`${id}-title`} id={id} data-testid="relay-service">
      <Title order={headingOrder} size={headingOrder === 2 ? 'h3' : 'h5'} id={`${id}-title`}>
        Vous êtes sourd, malentendant, sourdaveugle ou aphasique
      </Title>
      <Text size="sm">
        Appelez nos conseillers par le service d’accessibilité {relay.provider}, gratuitement, aux mêmes horaires que notre ligne téléphonique&nbsp;:{' '}
        {relay.hours}.
      </Text>
      <List size="sm" spacing={2}>
        {relay.modes.map((mode) => (
          <List.Item key={mode}>{mode}</List.Item>
        ))}
      </List>
      <Text size="sm">
        <Anchor href={relay.url} td="underline">
          Appeler un conseiller par le service d’accessibilité {relay.provider}
        </Anchor>
        {relay.phone && (
          <>
            {' '}
            ou par SMS et visiophone au{' '}
            <Anchor href={`tel:${relay.phone.replace(/\s/g, '')}`} td="underline">
              {relay.phone}
            </Anchor>
          </>
        )}
      </Text>
    </Stack>
  );
}
