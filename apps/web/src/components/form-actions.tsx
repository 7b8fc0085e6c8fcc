import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export type FormActionsProps = {
  /** The submit button's words: « Envoyer ma demande »… */
  label: ReactNode;
  /** While the form is being sent: « Annuler » waits, the submit shows its progress. */
  pending: boolean;
  /** The submit's progress when more than the sending shows it (a check before sending). */
  loading?: boolean;
  disabled?: boolean;
  /** « Annuler »: gives the form up. Without it, the submit stands alone. */
  onCancel?: () => void;
  /**
   * A form opened within a page's section (beside what it changes): its buttons on the left, the
   * submit first. Otherwise (dialogs, panels, whole-page forms) on the right, « Annuler » first.
   */
  inline?: boolean;
};

/** Every form's buttons: the submit and, when the form can be given up, « Annuler ». */
export function FormActions({ label, pending, loading = pending, disabled, onCancel, inline = false }: FormActionsProps) {
  const submit = (
    <Button type="submit" loading={loading} disabled={disabled}>
      {label}
    </Button>
  );
  const cancel = onCancel && (
    <Button variant="default" onClick={onCancel} disabled={pending}>
      Annuler
    </Button>
  );
  return inline ? (
    <Group gap="sm">
      {submit}
      {cancel}
    </Group>
  ) : (
    <Group justify="flex-end" gap="sm">
      {cancel}
      {submit}
    </Group>
  );
}
