import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { generatePath, Link, useSearchParams } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { ErrorScreen } from '../../../components/error-screen';
import { isLoggedIn } from '../../../lib/cookies';
import { paths } from '../../../lib/paths';
import { useFaq } from '../api/get-faq';
import { useFaqSearch } from '../api/search-faq';
import { FaqEntries } from '../components/faq-entries';
import { FaqSearchForm } from '../components/faq-search';
import classes from '../components/faq.module.css';

function SearchResults({ q }: { q: string }) {
  const results = useFaqSearch(q);
  if (results.isPending || results.isError)
    return <LoadState query={results} message="La recherche n’a pas abouti. Veuillez réessayer." loading={80} loadingLabel="Recherche en cours" />;
  const count = results.data.length;
  return (
    <Stack component="section" gap="sm" aria-labelledby="faq-results">
      <Title order={2} id="faq-results" size="h3">
        {count === 0 ? `Aucune réponse pour «\u00a0${q}\u00a0»` : `${count} réponse${count > 1 ? 's' : ''} pour «\u00a0${q}\u00a0»`}
      </Title>
      {count === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text>Essayez d’autres mots, parcourez les thèmes ci-dessous ou contactez-nous&nbsp;: un conseiller vous répond.</Text>
          <Group gap="sm">
            <Button component={Link} to={isLoggedIn() ? paths.newRequest : paths.help}>
              Nous contacter
            </Button>
          </Group>
        </Stack>
      ) : (
        <FaqEntries
          headingLevel={3}
          entries={results.data.map((r) => ({
            ...r,
            source: {
              label: `${r.category.title} › ${r.theme.title}`,
              to: generatePath(paths.faqTheme, { idFaqCategorie: r.category.id, idFaqTheme: r.theme.id }),
            },
          }))}
        />
      )}
    </Stack>
  );
}

/** Route `faq` (public): search, then the categories and their themes. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const faq = useFaq();

  return (
    <Stack gap="lg">
      <Title order={1}>Foire aux questions</Title>
      <Text>
        Trouvez une réponse à vos questions sur vos remboursements, vos garanties et votre espace adhérent, ou posez-la à notre{' '}
        <Anchor component={Link} to={paths.assistant} underline="always" style={{ textDecoration: 'underline' }}>
          assistant 24h/24, 7j/7
        </Anchor>
        .
      </Text>
      <FaqSearchForm key={q} initial={q} onSearch={(next) => setParams({ q: next })} />
      {q.length >= 2 && <SearchResults q={q} />}
      <Stack component="section" gap="sm" aria-labelledby="faq-categories">
        <Title order={2} id="faq-categories">
          Toutes les catégories
        </Title>
        {faq.isPending ? (
          <Skeleton height={160} role="status" aria-label="Chargement des catégories" />
        ) : faq.isError ? (
          <ErrorScreen kind="default" />
        ) : faq.data.length === 0 ? (
          <Text>
            Aucune question n’est publiée pour le moment.{' '}
            <Anchor component={Link} to={paths.help} underline="always" style={{ textDecoration: 'underline' }}>
              Obtenir de l’aide
            </Anchor>
          </Text>
        ) : (
          <ul className={classes.grid}>
            {faq.data.map((category) => (
              <li key={category.id} className={classes.card}>
                <Title order={3} size="h4">
                  <Anchor component={Link} to={generatePath(paths.faqCategory, { idFaqCategorie: category.id })} inherit>
                    {category.title}
                  </Anchor>
                </Title>
                <Text size="sm" c="gray.7">
                  {category.description}
                </Text>
                <ul className={classes.themes}>
                  {category.themes.map((theme) => (
                    <li key={theme.id}>
                      <Anchor
                        component={Link}
                        size="sm"
                        underline="always"
                        style={{ textDecoration: 'underline' }}
                        to={generatePath(paths.faqTheme, { idFaqCategorie: category.id, idFaqTheme: theme.id })}
                      >
                        {theme.title}
                      </Anchor>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Stack>
  );
}
