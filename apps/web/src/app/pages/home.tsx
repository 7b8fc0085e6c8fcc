import { Title } from '@mantine/core';

/** Home frame: the page heading; the dashboard feature replaces this module when it lands. */
export function Component() {
  return <Title order={1}>Accueil</Title>;
}
