import { complaintCopyFileName, type TComplaintFields, type TComplaintSent } from '@mutua/contracts/complaints';
import { parisIsoDate } from '@mutua/contracts/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';
import { multipartForm } from '../../../lib/submit-form';

export type ComplaintInput = TComplaintFields & { attachments: File[]; key: string };

/** POST /api/complaints (multipart, once per opened form): the complaint with its two deadlines. */
export const sendComplaint = ({ attachments, key, ...fields }: ComplaintInput) =>
  api.post<TComplaintSent>('/complaints', multipartForm(fields, attachments), { idempotencyKey: key });
export const useSendComplaint = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendComplaint, onSuccess: () => refreshGlobalDetailsPart(client, 'requests').catch(() => undefined) });
};

/** GET /api/complaints/{id}/copy.pdf: the dated copy. */
export const downloadComplaintCopy = (c: Pick<TComplaintSent, 'id' | 'receivedAt'>) =>
  downloadFile(`/complaints/${encodeURIComponent(c.id)}/copy.pdf`, complaintCopyFileName(parisIsoDate(new Date(c.receivedAt))));
export const useDownloadComplaintCopy = () => useMutation({ mutationFn: downloadComplaintCopy });
