import { Anchor, EmptyState, Group, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useId, type ReactNode } from 'react';
import classes from './dashboard.module.css';

/** One block of the home page: a labelled section with its heading and, optionally, a footer link. */
export function Block({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md" className={classes.block}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Stack gap="sm" className={classes.blockBody}>
          {children}
        </Stack>
        {footer && (
          <Group gap="md" justify="flex-end" wrap="wrap">
            {footer}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** What a block shows when it has nothing yet: a sentence and the action that fills it. */
export function BlockEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <EmptyState align="left" size="sm" title={text} data-testid="block-empty">
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}

/** A block's few items, one row each; when there is none, what the block says instead. */
export function BlockList<T>({
  items,
  itemKey,
  empty,
  children,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return empty;
  return (
    <ul className={classes.list}>
      {items.map((item) => (
        <li key={itemKey(item)} className={classes.item}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** A link from a block to the page that shows more, or to what fills an empty block. */
export function BlockLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to}>
      {children}
    </Anchor>
  );
}
