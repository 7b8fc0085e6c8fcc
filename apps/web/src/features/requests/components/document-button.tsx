import { DownloadButton } from '../../../components/download-button';
import { notifications } from '@mantine/notifications';
import type { TRequestDocument } from '@mutua/contracts/requests';
import { DOWNLOAD_FAILED } from '../../../lib/download';
import { useDownloadRequestDocument } from '../api/download-request-document';

/** Downloads a step document or an attachment as a real file (its name as the server stored it). */
export function DocumentButton({ document }: { document: TRequestDocument }) {
  const download = useDownloadRequestDocument({ onError: () => notifications.show({ color: 'red', ...DOWNLOAD_FAILED }) });
  return (
    <DownloadButton
      variant="light"
      size="compact-sm"
      pending={download.isPending}
      onClick={() => download.mutate(document)}
      aria-label={`Télécharger ${document.name} (${document.nameFile})`}
    >
      {document.name}
    </DownloadButton>
  );
}
