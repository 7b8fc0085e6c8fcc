import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { useGuarantees } from '../api/get-guarantees';

/** While the member's guarantees load: a placeholder, or the failure with « Réessayer ». */
export function GuaranteesLoadState({ guarantees, height }: { guarantees: ReturnType<typeof useGuarantees>; height: number }) {
  if (guarantees.isPending) return <Skeleton height={height} radius="md" />;
  if (!guarantees.isError) return null;
  return (
    <Alert color="red" variant="light" role="alert" title="Vos garanties n’ont pas pu être chargées">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{guarantees.error.message}</Text>
        <Button size="xs" variant="outline" onClick={() => void guarantees.refetch()}>
          Réessayer
        </Button>
      </Stack>
    </Alert>
  );
}
