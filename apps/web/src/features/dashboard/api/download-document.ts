import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import type { MutationConfig } from '../../../lib/react-query';

/** GET /api/requests/messages/file?documentId=: a shared document, saved under its file name. */
export const downloadDocument = ({ documentId, fileName }: { documentId: string; fileName: string }) =>
  downloadFile('/requests/messages/file', fileName, { documentId });

export const useDownloadDocument = (config: MutationConfig<typeof downloadDocument> = {}) => useMutation({ ...config, mutationFn: downloadDocument });
