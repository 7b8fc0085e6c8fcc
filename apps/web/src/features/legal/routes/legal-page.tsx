import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useLegalPage } from '../api/get-legal-page';
import { LegalNotice } from '../components/legal-notice';

/** Route `legal-page/{type}` (public): one of the tenant's legal pages, signed in or not. */
export function Component() {
  const { type = '' } = useParams();
  const page = useLegalPage(type);

  if (page.isPending) {
    return (
      <Stack gap="md" role="status" aria-label="Chargement de la page">
        <Skeleton height={36} width="60%" />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404) return <ErrorScreen kind="not-found" />;
    return <ErrorScreen kind="default" />;
  }
  const { title, content, version, publishedAt } = page.data;
  return (
    <Stack component="article" gap="md" maw="42rem">
      <Title order={1}>{title}</Title>
      <Text size="sm" c="gray.7">
        Version {version}, en vigueur depuis le {formatDate(publishedAt, 'long')}
      </Text>
      {type === 'mentions-legales' && <LegalNotice />}
      {content
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim())
        .map((paragraph, i) => (
          <Text key={i}>{paragraph.trim()}</Text>
        ))}
    </Stack>
  );
}
