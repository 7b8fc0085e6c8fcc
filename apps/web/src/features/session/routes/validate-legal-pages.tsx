import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, ApiError } from '../../../lib/api-client';
import { refreshGlobalDetails, useGlobalDetails } from '../../../lib/global-details';
import { paths } from '../../../lib/paths';
import { useAcceptLegalPages } from '../api/gates';
import { ScrollToEnd } from '../components/scroll-to-end';
import { LoadState } from '../../../components/load-state';

/**
 * validate-legal-pages (dialog): each legal page requiring acceptance, read to the end, then accepted
 * in the version read. Next / Validate are enabled only once the text was scrolled to the bottom.
 */
export function Component() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const legal = useGlobalDetails((d) => d.legalPages);
  const [index, setIndex] = useState(0);
  const accept = useAcceptLegalPages({
    onSuccess: async () => {
      await refreshGlobalDetails(client);
      void navigate(paths.home, { replace: true });
    },
  });

  if (legal.isPending || legal.isError) return <LoadState query={legal} loading={<Loader aria-label="Chargement" />} />;

  const required = legal.data.filter((p) => p.requiresAcceptance);
  const toRead = required.some((p) => !p.accepted) ? required.filter((p) => !p.accepted) : required;
  const page = toRead[Math.min(index, toRead.length - 1)];
  if (!page) return <Text>Aucun document à accepter.</Text>;
  const last = index >= toRead.length - 1;

  return (
    <Stack gap="md">
      <Text>Pour accéder à votre espace, veuillez lire et accepter les documents suivants.</Text>
      <Text size="sm" c="gray.7" aria-live="polite">
        Document {index + 1} sur {toRead.length}
      </Text>
      <Title order={3} size="h4">
        {page.title}
      </Title>
      {accept.isError && (
        <Alert color="red" variant="light">
          {errorMessage(accept.error instanceof ApiError ? accept.error.code : 'INTERNAL')}
        </Alert>
      )}
      <ScrollToEnd
        key={page.type}
        label={page.title}
        content={page.content.split(/\n\s*\n/).map((paragraph, i) => (
          <Text key={i} size="sm">
            {paragraph}
          </Text>
        ))}
      >
        {(reachedEnd, hintId) => (
          <Group justify="flex-end" gap="sm">
            {index > 0 && (
              <Button variant="outline" onClick={() => setIndex(index - 1)}>
                Précédent
              </Button>
            )}
            {last ? (
              <Button
                disabled={!reachedEnd}
                aria-describedby={hintId}
                loading={accept.isPending}
                // Every page requiring acceptance, in its current version (those already accepted included).
                onClick={() => accept.mutate({ pages: required.map((p) => ({ type: p.type, version: p.version })) })}
              >
                Valider
              </Button>
            ) : (
              <Button disabled={!reachedEnd} aria-describedby={hintId} onClick={() => setIndex(index + 1)}>
                Suivant
              </Button>
            )}
          </Group>
        )}
      </ScrollToEnd>
    </Stack>
  );
}
