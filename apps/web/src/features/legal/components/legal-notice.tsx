import { Anchor, Stack, Text, Title } from '@mantine/core';
import { formatNoticePhone, type TLegalNotice } from '@mutua/contracts/legal-notice';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useLegalNotice } from '../api/get-legal-notice';
import { LoadState } from '../../../components/load-state';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap={4}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Notice({ n }: { n: TLegalNotice }) {
  return (
    <Stack gap="md" data-testid="legal-notice">
      <Block title="Éditeur du site">
        <Text>
          {n.publisherName}, {n.publisherLegalForm}.
        </Text>
        <Text>{n.registration}.</Text>
        <Text>Siège social&nbsp;: {n.address}.</Text>
      </Block>
      <Block title="Directeur ou directrice de la publication">
        <Text>{n.publicationDirector}</Text>
      </Block>
      <Block title="Hébergement">
        <Text>
          {n.hostName}, {n.hostAddress}.
        </Text>
        <Text>{n.hostHdsCertificate}</Text>
      </Block>
      <Block title="Nous contacter">
        <Text>
          Par e-mail&nbsp;:{' '}
          <Anchor href={`mailto:${n.contactEmail}`} td="underline">
            {n.contactEmail}
          </Anchor>
          {n.contactPhone && <> · par téléphone&nbsp;: {formatNoticePhone(n.contactPhone)}</>}
        </Text>
      </Block>
    </Stack>
  );
}

/** The tenant's mentions légales (publisher, director of publication, HDS host, contact), from the back office. */
export function LegalNotice() {
  const notice = useLegalNotice();
  if (notice.isPending) return <LoadState query={notice} />;
  if (notice.isError) {
    // A tenant whose administrators have not filled them yet: say so rather than show someone else's.
    if (notice.error instanceof ApiError && notice.error.status === 404) return <Text>Les mentions légales de cet espace sont en cours de publication.</Text>;
    return <LoadState query={notice} message="Les mentions légales n’ont pas pu être chargées. Veuillez réessayer plus tard." />;
  }
  return <Notice n={notice.data} />;
}
