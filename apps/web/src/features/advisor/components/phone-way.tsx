import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { phoneLineQueryOptions, RelayService } from '../../../components/relay-service';

/** The phone line, its hours, and the relay service for deaf and hard-of-hearing members over the same hours. */
export function PhoneWay() {
  const line = useQuery(phoneLineQueryOptions());
  if (line.isPending) return <Skeleton height={60} />;
  return (
    <Stack gap="md">
      {line.data?.phone ? (
        <Text>
          Appelez le{' '}
          <Anchor href={`tel:${line.data.phone.replace(/\s/g, '')}`} underline="always" fw={700} data-testid="advisor-phone">
            {line.data.phone}
          </Anchor>
          {line.data.hours && <> — {line.data.hours.charAt(0).toLowerCase() + line.data.hours.slice(1)}</>}.
        </Text>
      ) : (
        <Text>Le numéro de notre ligne n’a pas pu être chargé&nbsp;: il figure sur votre carte de tiers payant.</Text>
      )}
      <RelayService headingOrder={3} id="conseiller-ligne-accessible" />
    </Stack>
  );
}
