import type { TPageDocument } from '@mutua/contracts/documents';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** GET /api/documents?tab=health: the insurer's health documents (guarantees table, notice, guide), shared by its members. */
export const useContractDocuments = () =>
  useQuery({ queryKey: ['documents', 'health'], queryFn: ({ signal }) => api.get<TPageDocument[]>('/documents', { query: { tab: 'health' }, signal }) });

/** GET /api/documents/{id}/file. */
export const useDownloadContractDocument = () =>
  useMutation({
    mutationFn: (doc: Pick<TPageDocument, 'id' | 'name'>) =>
      downloadFile(`/documents/${encodeURIComponent(doc.id)}/file`, /\.pdf$/i.test(doc.name) ? doc.name : `${doc.name}.pdf`),
  });
