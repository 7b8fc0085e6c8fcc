import { useMutation } from '@tanstack/react-query';
import type { TRequestDocument } from '@mutua/contracts/requests';
import { downloadFile } from '../../../lib/download';
import type { MutationConfig } from '../../../lib/react-query';

/** GET /api/requests/messages/file?documentId=: a step document or an attachment, saved under its file name. */
export const downloadRequestDocument = (document: Pick<TRequestDocument, 'id' | 'nameFile'>) =>
  downloadFile('/requests/messages/file', document.nameFile, { documentId: document.id });

export const useDownloadRequestDocument = (config: MutationConfig<typeof downloadRequestDocument> = {}) =>
  useMutation({ ...config, mutationFn: downloadRequestDocument });
