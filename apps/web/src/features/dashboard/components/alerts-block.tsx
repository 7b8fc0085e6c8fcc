import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { TAlert } from '@mutua/contracts/home-notices';
import { Link } from 'react-router';

const COLORS: Record<TAlert['level'], string> = { critical: 'red', warning: 'orange', info: 'blue' };

/** The alerts of alertDtoList, most serious first (the server's order); nothing when there are none. */
export function AlertsBlock({ alerts }: { alerts: TAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Mes alertes">
      {alerts.map((alert) => (
        <Alert key={alert.id} variant="light" color={COLORS[alert.level]} title={alert.title} data-testid="home-alert" data-level={alert.level}>
          <Text size="sm">{alert.message}</Text>
          {alert.link && (
            <Anchor component={Link} to={alert.link.path} size="sm" underline="always" mt={4} display="inline-block">
              {alert.link.label}
            </Anchor>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
