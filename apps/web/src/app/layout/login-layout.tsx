import { Paper, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { useAccessState } from '../../lib/access-store';
import { useRouteHandle } from '../route-handle';
import { PageShell } from './page-shell';

/**
 * Login group layout: brand logo and the screen's name as the page heading; the screens of the
 * auth feature render below it (they add no h1 of their own).
 */
export function Component() {
  const brand = useAccessState((s) => s.brand);
  const title = useRouteHandle()?.title ?? 'Connexion';
  return (
    <PageShell narrow logo={brand && { src: brand.graphical_charter.logo, name: brand.name }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Title order={1} size="h2" mb="lg">
          {title}
        </Title>
        <Outlet />
      </Paper>
    </PageShell>
  );
}
