import { lazy, Suspense } from 'react';
import { ApiError, errorMessage, type ApiErrorCode } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** What the member can do next after an error: a link, or generating a new code. */
export type ErrorAction = { kind: 'link'; label: string; to: string } | { kind: 'regenerate'; label: string };

/**
 * The follow-up offered with each login and account message of portal-access.md §8. The message
 * itself is always MEMBER_ERRORS[code].message from contracts (errorMessage): one place for the texts.
 */
export const ERROR_ACTIONS: Partial<Record<ApiErrorCode, ErrorAction>> = {
  ACCOUNT_NOT_ACTIVATED: { kind: 'link', label: 'Activer mon compte', to: paths.activateAccount },
  ACCOUNT_ALREADY_CREATED: { kind: 'link', label: 'Me connecter', to: paths.login },
  INSURED_UNKNOWN: { kind: 'link', label: 'Créer mon compte', to: paths.createAccount },
  USER_NOT_IDENTIFIED: { kind: 'link', label: 'Créer mon compte', to: paths.createAccount },
  LINK_EXPIRED: { kind: 'link', label: 'Faire une nouvelle demande', to: paths.forgotPassword },
  MFA_CODE_UNKNOWN: { kind: 'regenerate', label: 'Générer un nouveau code' },
  MFA_CODE_EXPIRED: { kind: 'regenerate', label: 'Générer un nouveau code' },
  MAIL_SEND_FAILED: { kind: 'regenerate', label: 'Générer un nouveau code' },
  MFA_BLOCKED: { kind: 'link', label: 'Retour à la connexion', to: paths.login },
};

/** The error code of anything a request rejected with (INTERNAL for the unexpected). */
export function errorCodeOf(error: unknown): ApiErrorCode {
  return error instanceof ApiError ? error.code : 'INTERNAL';
}

/** The French message and follow-up of an error, `overrides` replacing or removing (null) a screen's actions. */
export function describeError(error: unknown, overrides: Partial<Record<ApiErrorCode, ErrorAction | null>> = {}) {
  const code = errorCodeOf(error);
  const action = code in overrides ? overrides[code] : ERROR_ACTIONS[code];
  return { code, message: errorMessage(code), action: action ?? null };
}

export type AuthErrorAlertProps = {
  error: unknown;
  /** Called by the "generate a new code" action; without it that action is not offered. */
  onRegenerate?: () => void;
  regenerating?: boolean;
  overrides?: Partial<Record<ApiErrorCode, ErrorAction | null>>;
};

// Loaded with the first error, not with every form (the login route's JavaScript budget).
const AlertBody = lazy(() => import('./auth-error-alert'));

/** The error of a form's last submission, announced (role="alert") with its follow-up. */
export function AuthErrorAlert(props: AuthErrorAlertProps) {
  if (!props.error) return null;
  return (
    <Suspense fallback={null}>
      <AlertBody {...props} />
    </Suspense>
  );
}
