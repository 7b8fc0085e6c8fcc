import { myDataFileName, parisIsoDate } from '@mutua/contracts';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { DOWNLOAD_FAILED, downloadFile } from '../../../lib/download';

/** « Télécharger mes données »: the ZIP of GET /api/my-data (GDPR art. 15 and 20). */
export function MyDataButton({ membershipNumber }: { membershipNumber: string }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadFile('/my-data', myDataFileName(membershipNumber, parisIsoDate()));
    } catch {
      notifications.show({ color: 'red', ...DOWNLOAD_FAILED });
    } finally {
      setPending(false);
    }
  };
  return (
    <DownloadButton variant="light" pending={pending} onClick={() => void download()}>
      Télécharger mes données
    </DownloadButton>
  );
}

/** « Télécharger mon certificat d'adhésion »: the PDF of GET /api/membership-certificate. */
export function CertificateButton({ fileName }: { fileName: string }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadFile('/membership-certificate', fileName);
    } catch {
      notifications.show({ color: 'red', ...DOWNLOAD_FAILED });
    } finally {
      setPending(false);
    }
  };
  return (
    <DownloadButton variant="light" pending={pending} onClick={() => void download()}>
      Télécharger mon certificat d’adhésion
    </DownloadButton>
  );
}
