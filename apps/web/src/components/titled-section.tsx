import { Paper, Stack, Title, type MantineSpacing, type StackProps, type TitleOrder, type TitleSize } from '@mantine/core';
import { useId, type ReactNode } from 'react';

type TitledSectionProps = {
  title: ReactNode;
  /** The heading's level in the page's outline (default 2), and its look when another (`size="h4"`). */
  order?: TitleOrder;
  size?: TitleSize;
  gap?: MantineSpacing;
  align?: StackProps['align'];
  /** In a bordered card, padded so (`'md'`, `'lg'`); plain, a column of the page. */
  card?: MantineSpacing;
  children: ReactNode;
};

/**
 * A part of a page named by its heading: a `<section>` labelled by its title (aria-labelledby), so that
 * a screen reader lists it among the page's regions under the words the eye reads.
 */
export function TitledSection({ title, order = 2, size, gap = 'sm', align, card, children }: TitledSectionProps) {
  const id = useId();
  const content = (
    <>
      <Title order={order} size={size} id={id}>
        {title}
      </Title>
      {children}
    </>
  );
  if (card === undefined)
    return (
      <Stack component="section" gap={gap} align={align} aria-labelledby={id}>
        {content}
      </Stack>
    );
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={card}>
      <Stack gap={gap} align={align}>
        {content}
      </Stack>
    </Paper>
  );
}
