import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AdminFormCardProps = {
  id: string;
  title: string;
  intro?: ReactNode;
  onSubmit: () => void;
  /** The form's fields, its outcome and its actions. */
  children: ReactNode;
  /** Set when the server checks the fields and names each error beside its field (the browser's checks stay quiet). */
  noValidate?: boolean;
  /** What stands instead of the form while there is nothing to edit. */
  empty?: ReactNode;
  /** What follows the form inside the section (a table of what is saved…). */
  after?: ReactNode;
};

/** A settings section of the admin screens: its heading (which names the section and its form), an optional intro, and its form. */
export function AdminFormCard({ id, title, intro, onSubmit, children, noValidate, empty, after }: AdminFormCardProps) {
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
      {empty ?? (
        <form
          noValidate={noValidate}
          aria-labelledby={id}
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <Stack gap="sm">{children}</Stack>
        </form>
      )}
      {after}
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
