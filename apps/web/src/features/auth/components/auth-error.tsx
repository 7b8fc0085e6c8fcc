import { lazy, Suspense } from 'react';
import { ApiError, errorMessage, type ApiErrorCode } from '../../../lib/api-client';
import { ERROR_ACTIONS, type ErrorAction } from '../error-actions';

export { ERROR_ACTIONS, type ErrorAction };

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
