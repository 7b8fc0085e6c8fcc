import { FormActions, type FormActionsProps } from './form-actions';
import { useRouteDialog } from './route-dialog';

/** A dialog form's buttons, on the right: « Annuler », which closes the dialog, then the submit. */
export function DialogActions(props: Omit<FormActionsProps, 'onCancel' | 'inline'>) {
  const dialog = useRouteDialog();
  return <FormActions {...props} onCancel={dialog.close} />;
}
