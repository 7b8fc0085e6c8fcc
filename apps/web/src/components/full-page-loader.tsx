import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while the first navigation resolves (init, heartbeat, guard). */
export function FullPageLoader() {
  return (
    <Center h="100dvh" role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>Chargement…</VisuallyHidden>
    </Center>
  );
}
