import { Loader, Stack, Text } from '@mantine/core';

/** Shown while the first navigation resolves (init, heartbeat, guard): said in words, not only spun. */
export function FullPageLoader() {
  return (
    <Stack h="100dvh" align="center" justify="center" gap="sm" role="status">
      <Loader aria-hidden="true" />
      <Text size="sm" c="dimmed">
        Chargement de votre espace…
      </Text>
    </Stack>
  );
}
