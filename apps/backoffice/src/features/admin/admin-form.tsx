import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A settings section of the admin screens: its heading (which names the section), an optional intro, and its form. */
export function AdminFormCard({ id, title, intro, onSubmit, children }: { id: string; title: string; intro?: ReactNode; onSubmit: () => void; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb={intro ? 'xs' : 'sm'}>
        {title}
      </Title>
      {intro && (
        <Text size="sm" mb="sm">
          {intro}
        </Text>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">{children}</Stack>
      </form>
    </Card>
  );
}

/** A form's buttons: the submit with its progress, and « Annuler » on the right when the form can be put off. */
export function FormActions({ label = 'Enregistrer', pending, onCancel }: { label?: string; pending: boolean; onCancel?: () => void }) {
  return (
    <Group justify={onCancel ? 'flex-end' : undefined}>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          Annuler
        </Button>
      )}
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </Group>
  );
}
