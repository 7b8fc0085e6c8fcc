import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { MEMBER_ERRORS } from '@mutua/contracts/errors';
import { useNavigate } from 'react-router';
import { hasAppHistory } from '../lib/navigation';
import { paths } from '../lib/paths';

export type ErrorScreenKind = 'not-found' | 'forbidden' | 'busy' | 'default';

/** The generic pages' texts. */
export const ERROR_SCREEN_TEXTS: Record<ErrorScreenKind, { title: string; text?: string }> = {
  'not-found': { title: 'Ouch\u00a0! Cette page n’existe pas' },
  forbidden: { title: 'Défense d’entrer', text: 'Vous n’êtes pas autorisé à accéder à cette page.' },
  // The server shed the page's read twice (it was tried again once after the delay it asked for).
  busy: { title: MEMBER_ERRORS.OVERLOADED.message },
  default: { title: 'Un problème inattendu est survenu.' },
};

/** Not found / not authorised / unexpected problem, with "Retour" and "Aller à l’accueil". */
export function ErrorScreen({ kind }: { kind: ErrorScreenKind }) {
  const navigate = useNavigate();
  const { title, text } = ERROR_SCREEN_TEXTS[kind];
  const goBack = () => void (hasAppHistory() ? navigate(-1) : navigate(paths.home));
  return (
    <Stack align="center" ta="center" gap="lg" py="xl" px="md">
      <Title order={1}>{title}</Title>
      {text && <Text size="lg">{text}</Text>}
      <Group justify="center">
        <Button variant="outline" onClick={goBack}>
          Retour
        </Button>
        <Button onClick={() => void navigate(paths.home)}>Aller à l’accueil</Button>
      </Group>
    </Stack>
  );
}
