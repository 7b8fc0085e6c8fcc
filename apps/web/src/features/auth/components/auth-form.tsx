import { Button, Stack } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { Form } from '../../../components/form';
import { AuthErrorAlert } from './auth-error';

type AuthFormProps = {
  /** The form's accessible name: « Mot de passe oublié »… */
  label: string;
  /** The submit button's words. */
  submit: string;
  /** The request the form sends: its refusal is shown above the form, its progress on the button. */
  request: { error: unknown; isPending: boolean };
  overrides?: ComponentProps<typeof AuthErrorAlert>['overrides'];
  onSubmit: ComponentProps<typeof Form>['onSubmit'];
  children: ReactNode;
};

/** A sign-in screen's form: the server's refusal in French, the fields, then one full-width submit. */
export function AuthForm({ label, submit, request, overrides, onSubmit, children }: AuthFormProps) {
  return (
    <>
      <AuthErrorAlert error={request.error} overrides={overrides} />
      <Form noValidate aria-label={label} onSubmit={onSubmit}>
        <Stack gap="md">
          {children}
          <Button type="submit" loading={request.isPending} fullWidth>
            {submit}
          </Button>
        </Stack>
      </Form>
    </>
  );
}
