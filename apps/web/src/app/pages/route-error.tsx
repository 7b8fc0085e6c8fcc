import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen, type ErrorScreenKind } from '../../components/error-screen';
import { ApiError } from '../../lib/api-client';

export function errorKind(error: unknown): ErrorScreenKind {
  if (error instanceof ApiError && error.code === 'OVERLOADED') return 'busy';
  const status = isRouteErrorResponse(error) ? error.status : error instanceof ApiError ? error.status : 0;
  if (status === 404) return 'not-found';
  if (status === 403) return 'forbidden';
  return 'default';
}

/** Error boundary of every route: a 404 shows not found, a 403 not authorised, a shed read « très sollicité », anything else the default page. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen kind={errorKind(error)} />;
}
