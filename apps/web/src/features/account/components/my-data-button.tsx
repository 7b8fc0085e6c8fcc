import { myDataFileName } from '@mutua/contracts/account';
import { parisIsoDate } from '@mutua/contracts/dates';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { DOWNLOAD_FAILED, downloadFile } from '../../../lib/download';

/** A button that downloads one file of the API under its name; a failure is said in a notification. */
function FileButton({ path, fileName, children }: { path: string; fileName: () => string; children: ReactNode }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadFile(path, fileName());
    } catch {
      notifications.show({ color: 'red', ...DOWNLOAD_FAILED });
    } finally {
      setPending(false);
    }
  };
  return (
    <DownloadButton variant="light" pending={pending} onClick={() => void download()}>
      {children}
    </DownloadButton>
  );
}

/** « Télécharger mes données »: the ZIP of GET /api/my-data (GDPR art. 15 and 20), named on the day it is fetched. */
export function MyDataButton({ membershipNumber }: { membershipNumber: string }) {
  return (
    <FileButton path="/my-data" fileName={() => myDataFileName(membershipNumber, parisIsoDate())}>
      Télécharger mes données
    </FileButton>
  );
}

/** « Télécharger mon certificat d'adhésion »: the PDF of GET /api/membership-certificate. */
export function CertificateButton({ fileName }: { fileName: string }) {
  return (
    <FileButton path="/membership-certificate" fileName={() => fileName}>
      Télécharger mon certificat d’adhésion
    </FileButton>
  );
}
