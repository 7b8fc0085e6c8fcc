import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { generatePath, Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useFaqTheme } from '../api/get-faq-theme';
import { FaqBreadcrumbs } from '../components/faq-breadcrumbs';
import { FaqEntries } from '../components/faq-entries';
import { FaqUnavailable } from '../components/faq-unavailable';

/** Route `faq/{idFaqCategorie}/{idFaqTheme}` (public): the questions and answers of a theme. */
export function Component() {
  const { idFaqCategorie = '', idFaqTheme = '' } = useParams();
  const theme = useFaqTheme(idFaqCategorie, idFaqTheme);
  if (theme.isPending) return <Skeleton height={160} role="status" aria-label="Chargement des questions" />;
  if (theme.isError) return <FaqUnavailable error={theme.error} />;
  const { category, entries } = theme.data;
  return (
    <Stack gap="lg" maw="48rem">
      <FaqBreadcrumbs
        items={[
          { label: 'Foire aux questions', to: paths.faq },
          { label: category.title, to: generatePath(paths.faqCategory, { idFaqCategorie: category.id }) },
          { label: theme.data.theme.title },
        ]}
      />
      <Title order={1}>{theme.data.theme.title}</Title>
      <FaqEntries entries={entries} />
      <Text size="sm">
        Vous n’avez pas trouvé votre réponse&nbsp;?{' '}
        <Anchor component={Link} to={paths.help} underline="always" style={{ textDecoration: 'underline' }}>
          Obtenir de l’aide
        </Anchor>
      </Text>
    </Stack>
  );
}
