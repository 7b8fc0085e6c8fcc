import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, type RouteId } from '../lib/paths';
import { useRouteServed } from '../lib/route-availability';

/** Why an action whose screen is not served yet cannot be taken. */
export const ACTION_UNAVAILABLE_REASON = 'Bientôt disponible dans votre espace.';

type RouteActionProps = Omit<ButtonProps, 'component'> & {
  /** The route the action opens. */
  route: RouteId;
  /** Concrete URL when the route has parameters (default: its pattern without optional ones). */
  to?: string;
  children: ReactNode;
  /** Shown under the action while its route is not served. */
  unavailableReason?: string;
};

/**
 * A button that opens a route of the table when its screen is served, and otherwise stays visible
 * but unavailable (aria-disabled, still focusable) with the reason written under it: no dead link.
 */
export function RouteAction({ route, to, children, unavailableReason = ACTION_UNAVAILABLE_REASON, ...buttonProps }: RouteActionProps) {
  const served = useRouteServed(route);
  const reasonId = useId();
  if (served) {
    return (
      <Button component={Link} to={to ?? paths[route].replace(/\/:[^/]+\?/g, '')} {...buttonProps}>
        {children}
      </Button>
    );
  }
  return (
    <Stack gap={4} align={buttonProps.fullWidth ? 'stretch' : 'flex-start'}>
      <Button {...buttonProps} data-disabled aria-disabled="true" aria-describedby={reasonId} onClick={(event) => event.preventDefault()}>
        {children}
      </Button>
      <Text id={reasonId} size="xs" c="gray.7">
        {unavailableReason}
      </Text>
    </Stack>
  );
}
