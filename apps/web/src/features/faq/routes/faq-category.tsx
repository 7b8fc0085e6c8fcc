import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { generatePath, Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useFaqCategory } from '../api/get-faq-category';
import { FaqBreadcrumbs } from '../components/faq-breadcrumbs';
import { FaqUnavailable } from '../components/faq-unavailable';
import classes from '../components/faq.module.css';

/** Route `faq/{idFaqCategorie}` (public): the themes of a category. */
export function Component() {
  const { idFaqCategorie = '' } = useParams();
  const category = useFaqCategory(idFaqCategorie);
  if (category.isPending) return <Skeleton height={160} role="status" aria-label="Chargement de la catégorie" />;
  if (category.isError) return <FaqUnavailable error={category.error} />;
  const { title, description, themes } = category.data;
  return (
    <Stack gap="lg">
      <FaqBreadcrumbs items={[{ label: 'Foire aux questions', to: paths.faq }, { label: title }]} />
      <Title order={1}>{title}</Title>
      {description && <Text>{description}</Text>}
      <ul className={classes.grid}>
        {themes.map((theme) => (
          <li key={theme.id} className={classes.card}>
            <Title order={2} size="h4">
              <Anchor component={Link} to={generatePath(paths.faqTheme, { idFaqCategorie, idFaqTheme: theme.id })} inherit>
                {theme.title}
              </Anchor>
            </Title>
            <Text size="sm" c="gray.7">
              {theme.questionCount} question{theme.questionCount > 1 ? 's' : ''}
            </Text>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
