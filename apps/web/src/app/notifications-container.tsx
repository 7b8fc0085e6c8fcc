import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_TIMEOUT_MS } from '@mutua/contracts/platform';

/** Loaded with the first notification (providers.tsx). */
export default function NotificationsContainer() {
  return <Notifications autoClose={NOTIFICATION_TIMEOUT_MS} />;
}
