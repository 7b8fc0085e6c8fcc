import type { DocumentTab, TPageDocument } from '@mutua/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** GET /api/documents?tab=: the rows of one tab of the documents page. */
export const getDocuments = (tab: DocumentTab, signal?: AbortSignal) => api.get<TPageDocument[]>('/documents', { query: { tab }, signal });
export const documentsQueryOptions = (tab: DocumentTab) => queryOptions({ queryKey: ['documents', tab], queryFn: ({ signal }) => getDocuments(tab, signal) });
export const useDocuments = (tab: DocumentTab) => useQuery(documentsQueryOptions(tab));

/** The saved file's name: the document's name, with .pdf when it has no extension. */
export const documentFileName = (doc: Pick<TPageDocument, 'name'>) => (/\.(pdf|png|jpe?g|gif)$/i.test(doc.name) ? doc.name : `${doc.name}.pdf`);

/** GET /api/documents/{id}/file. */
export const downloadDocument = (doc: Pick<TPageDocument, 'id' | 'name'>) => downloadFile(`/documents/${encodeURIComponent(doc.id)}/file`, documentFileName(doc));
export const useDownloadDocument = () => useMutation({ mutationFn: downloadDocument });
