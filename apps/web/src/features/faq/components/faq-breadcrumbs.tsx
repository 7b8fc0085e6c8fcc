import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/** « Foire aux questions › Catégorie › Thème »: the last item is the current page. */
export function FaqBreadcrumbs({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Fil d’Ariane">
      <Group component="ol" gap={6} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item, i) => (
          <li key={item.label}>
            {i > 0 && (
              <Text span aria-hidden c="gray.7" mr={6}>
                ›
              </Text>
            )}
            {item.to ? (
              <Anchor component={Link} to={item.to} size="sm" underline="always" style={{ textDecoration: 'underline' }}>
                {item.label}
              </Anchor>
            ) : (
              <Text span size="sm" aria-current="page">
                {item.label}
              </Text>
            )}
          </li>
        ))}
      </Group>
    </nav>
  );
}
