import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { HOSPITAL_REQUEST_TIMING } from '@mutua/contracts/quotes';
import { useId, type ReactNode } from 'react';
import { RouteAction } from '../../../components/route-action';
import type { RouteId } from '../../../lib/paths';

function Card({ title, text, route, action }: { title: string; text: ReactNode; route: RouteId; action: string }) {
  const id = useId();
  return (
    <Stack
      component="section"
      aria-labelledby={id}
      gap="xs"
      p="md"
      bd="1px solid var(--mantine-color-gray-4)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      <Text size="sm">{text}</Text>
      <RouteAction route={route} variant="light">
        {action}
      </RouteAction>
    </Stack>
  );
}

/** Route `prepareTreatment` (dialog « Préparer un soin »): the hub leading to quotes and hospital care. */
export function Component() {
  return (
    <Stack gap="md">
      <Text>Anticipez vos frais avant vos soins.</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Card
          title="Envoyer un devis"
          text={
            'Dentaire, optique, hospitalisation, audioprothèse ou autre\u00a0: nous vous indiquons votre prise en charge, et vérifions votre devis avec les règles du 100\u00a0% Santé.'
          }
          route="quotation"
          action="Envoyer un devis"
        />
        <Card title="Demander une prise en charge hospitalière" text={HOSPITAL_REQUEST_TIMING} route="hospitalCare" action="Faire une demande" />
      </SimpleGrid>
    </Stack>
  );
}
