import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TRequestDocument } from '@mutua/contracts';
import { DOWNLOAD_FAILED } from '../../../lib/download';
import { useDownloadRequestDocument } from '../api/download-request-document';

/** Downloads a step document or an attachment as a real file (its name as the server stored it). */
export function DocumentButton({ document }: { document: TRequestDocument }) {
  const download = useDownloadRequestDocument({ onError: () => notifications.show({ color: 'red', ...DOWNLOAD_FAILED }) });
  return (
    <Button
      variant="light"
      size="compact-sm"
      loading={download.isPending}
      onClick={() => download.mutate(document)}
      aria-label={`Télécharger ${document.name} (${document.nameFile})`}
      leftSection={<span aria-hidden="true">⤓</span>}
    >
      {document.name}
    </Button>
  );
}
