import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRouteDialog } from './route-dialog';

type DialogActionsProps = {
  /** The submit button's words: « Envoyer ma demande »… */
  label: ReactNode;
  /** While the form is being sent: « Annuler » waits, the submit shows its progress. */
  pending: boolean;
  /** The submit's progress when more than the sending shows it (a check before sending). */
  loading?: boolean;
  disabled?: boolean;
};

/** A dialog form's buttons, on the right: « Annuler », which closes the dialog, then the submit. */
export function DialogActions({ label, pending, loading = pending, disabled }: DialogActionsProps) {
  const dialog = useRouteDialog();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={dialog.close} disabled={pending}>
        Annuler
      </Button>
      <Button type="submit" loading={loading} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}
