import type { DocumentTab, TPageDocument, TPaymentScheduleState } from '@mutua/contracts/documents';
import type { TSubmissionResult } from '@mutua/contracts/refund-requests';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';

/** GET /api/documents?tab=: the rows of one tab of the documents page. */
export const getDocuments = (tab: DocumentTab, signal?: AbortSignal) => api.get<TPageDocument[]>('/documents', { query: { tab }, signal });
export const documentsQueryOptions = (tab: DocumentTab) => queryOptions({ queryKey: ['documents', tab], queryFn: ({ signal }) => getDocuments(tab, signal) });
export const useDocuments = (tab: DocumentTab) => useQuery(documentsQueryOptions(tab));

/** The saved file's name: the document's name, with .pdf when it has no extension. */
export const documentFileName = (doc: Pick<TPageDocument, 'name'>) => (/\.(pdf|png|jpe?g|gif)$/i.test(doc.name) ? doc.name : `${doc.name}.pdf`);

/** GET /api/documents/{id}/file. */
export const downloadDocument = (doc: Pick<TPageDocument, 'id' | 'name'>) =>
  downloadFile(`/documents/${encodeURIComponent(doc.id)}/file`, documentFileName(doc));
export const useDownloadDocument = () => useMutation({ mutationFn: downloadDocument });

/** GET /api/payment-schedule: offered (individually debited contributions) and when it may be asked again. */
export const getPaymentSchedule = (signal?: AbortSignal) => api.get<TPaymentScheduleState>('/payment-schedule', { signal });
export const usePaymentSchedule = () => useQuery({ queryKey: ['payment-schedule'], queryFn: ({ signal }) => getPaymentSchedule(signal) });

/** POST /api/payment-schedule/resend: a request that the schedule be sent by post within 24 hours. */
export const resendPaymentSchedule = (idempotencyKey: string) => api.post<TSubmissionResult>('/payment-schedule/resend', {}, { idempotencyKey });
export const useResendPaymentSchedule = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendPaymentSchedule,
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ['payment-schedule'] }), refreshGlobalDetailsPart(client, 'requests')]);
    },
  });
};
