import { Alert, Button, Skeleton, Stack, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a screen's data query says of itself (a TanStack Query result fits). */
export type Loadable = { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };

type LoadStateProps = {
  query: Loadable;
  /** The failure's heading, e.g. « Vos garanties n’ont pas pu être chargées ». */
  title?: string;
  /** What the failure says; the server's French message by default. */
  message?: ReactNode;
  /** What stands in while loading: a skeleton of that height, or a node of the screen's own. */
  loading?: number | ReactNode;
  /** Named placeholder for assistive technologies (« Chargement de vos préférences »). */
  loadingLabel?: string;
};

/**
 * The one way a screen shows its data loading or failing: a placeholder while pending, then on failure
 * an alert (announced, role="alert") with « Réessayer », which asks the server again. Nothing once loaded.
 */
export function LoadState({ query, title, message, loading = 160, loadingLabel }: LoadStateProps) {
  if (query.isPending) {
    if (typeof loading !== 'number') return loading;
    return loadingLabel ? <Skeleton height={loading} radius="md" role="status" aria-label={loadingLabel} /> : <Skeleton height={loading} radius="md" />;
  }
  if (!query.isError) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message ?? query.error?.message}</Text>
        <Button size="xs" variant="outline" onClick={() => void query.refetch()}>
          Réessayer
        </Button>
      </Stack>
    </Alert>
  );
}

/** A list's placeholder: a few rows of the list's height, announced as loading. */
export function RowsSkeleton({ label, height, gap, rows = 3 }: { label: string; height: number; gap: MantineSpacing; rows?: number }) {
  return (
    <Stack gap={gap} role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} />
      ))}
    </Stack>
  );
}
