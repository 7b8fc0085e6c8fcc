import { Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAllDocuments } from '@mutua/contracts/documents';
import { RouteAction } from '../../../components/route-action';
import { DownloadButton } from '../../../components/download-button';
import { DOWNLOAD_FAILED } from '../../../lib/download';
import { formatDate, formatName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useRouteServed } from '../../../lib/route-availability';
import { useDownloadDocument } from '../api/download-document';
import { Block, BlockEmpty, BlockLink, BlockList } from './block';

/** How many shared documents the home page lists (newest first). */
export const DOCUMENTS_SHOWN = 3;

/** The documents the member shared most recently, each downloadable. */
export function DocumentsBlock({ documents }: { documents: TAllDocuments }) {
  const documentsPage = useRouteServed('documents');
  const download = useDownloadDocument({ onError: () => notifications.show({ color: 'red', ...DOWNLOAD_FAILED }) });
  const typeLabel = new Map(documents.uploadDocumentsTypes.map((t) => [t.typeCode, t.label]));
  const latest = [...documents.documentsDto.documents].sort((a, b) => b.uploadDate.localeCompare(a.uploadDate)).slice(0, DOCUMENTS_SHOWN);

  return (
    <Block
      title="Mes documents"
      footer={documentsPage && latest.length > 0 && <BlockLink to={paths.documents.replace('/:tab?', '')}>Voir tous mes documents</BlockLink>}
    >
      <BlockList
        items={latest}
        itemKey={(doc) => doc.id}
        empty={
          <BlockEmpty
            text="Vous n’avez encore partagé aucun document."
            action={
              <RouteAction route="docSharing" variant="light">
                Partager un justificatif
              </RouteAction>
            }
          />
        }
      >
        {(doc) => (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0}>
              <Text fw={600}>{typeLabel.get(doc.typeCode) ?? 'Document'}</Text>
              <Text size="sm">
                {doc.fileName}
                {doc.nameBeneciary ? ` — ${formatName(doc.nameBeneciary)}` : ''}
              </Text>
              <Text size="sm">Partagé le {formatDate(doc.uploadDate)}</Text>
            </Stack>
            <DownloadButton
              variant="subtle"
              size="compact-sm"
              aria-label={`Télécharger ${doc.fileName}`}
              pending={download.isPending && download.variables.documentId === doc.id}
              onClick={() => download.mutate({ documentId: doc.id, fileName: doc.fileName })}
            >
              Télécharger
            </DownloadButton>
          </Group>
        )}
      </BlockList>
    </Block>
  );
}
