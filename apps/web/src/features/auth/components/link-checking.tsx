import { Loader, Stack, Text } from '@mantine/core';

/** While an e-mailed link (reset, account creation) is checked with the server. */
export function LinkChecking() {
  return (
    <Stack align="center" role="status">
      <Loader aria-hidden="true" />
      <Text size="sm">Vérification du lien…</Text>
    </Stack>
  );
}
