import type { TBeneficiaryDetail, TBeneficiaryDocuments, TBeneficiaryUpdate } from '@mutua/contracts/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { multipartForm } from '../../../lib/submit-form';
import { refreshGlobalDetails } from '../../../lib/global-details';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';

export type BeneficiariesData = {
  beneficiaries: TBeneficiaryDetail[];
  canAdd: boolean;
  pendingAdditions: { requestId: string; firstName: string; surName: string; createdAt: string }[];
};
export type RequestCreated = { requestId: string; groupId: string };

export const beneficiariesKey = ['account', 'beneficiaries'] as const;

/** GET /api/beneficiaries. */
export const getBeneficiaries = (signal?: AbortSignal) => api.get<BeneficiariesData>('/beneficiaries', { signal });
export const beneficiariesQueryOptions = () => queryOptions({ queryKey: beneficiariesKey, queryFn: ({ signal }) => getBeneficiaries(signal) });
export const useBeneficiaries = () => useQuery(beneficiariesQueryOptions());

/** After a change: the list, the requests and the global details (home's family block) on the next load. */
async function refreshAfterChange(client: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['account'] }),
    refreshGlobalDetailsPart(client, 'requests'),
    refreshGlobalDetailsPart(client, 'timeline_recent'),
    refreshGlobalDetails(client),
  ]).catch(() => undefined);
}

/** POST /api/beneficiaries (multipart): an add-beneficiary request (10003). */
export const useAddBeneficiary = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, files, idempotencyKey }: { fields: Record<string, string | undefined>; files: File[]; idempotencyKey: string }) =>
      api.post<RequestCreated>('/beneficiaries', multipartForm(fields, files), { idempotencyKey }),
    onSuccess: () => refreshAfterChange(client),
  });
};

/** POST /api/beneficiaries/{fp}/deletion (multipart): a deletion request (10004). */
export const useDeleteBeneficiary = (familyPosition: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reason, endDate, files, idempotencyKey }: { reason: string; endDate: string; files: File[]; idempotencyKey: string }) =>
      api.post<RequestCreated>(`/beneficiaries/${familyPosition}/deletion`, multipartForm({ reason, endDate }, files), { idempotencyKey }),
    onSuccess: () => refreshAfterChange(client),
  });
};

/** PUT /api/beneficiaries/{fp}. */
export const useUpdateBeneficiary = (familyPosition: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TBeneficiaryUpdate) => api.put<BeneficiariesData>(`/beneficiaries/${familyPosition}`, input),
    onSuccess: (data) => {
      client.setQueryData(beneficiariesKey, data);
      return refreshAfterChange(client);
    },
  });
};

/** GET /api/beneficiaries/{fp}/documents: the files about that person and their refund statements. */
export const useBeneficiaryDocuments = (familyPosition: number) =>
  useQuery({
    queryKey: ['account', 'beneficiary-documents', familyPosition],
    queryFn: ({ signal }) => api.get<TBeneficiaryDocuments>(`/beneficiaries/${familyPosition}/documents`, { signal }),
  });

type DocumentDownload = { kind: 'file'; id: string; name: string } | { kind: 'statement'; id: string; name: string };
/** A file (GET /api/documents/{id}/file) or a refund statement (GET /api/refunds/{id}/statement). */
export const useDownloadBeneficiaryDocument = () =>
  useMutation({
    mutationFn: (doc: DocumentDownload) =>
      doc.kind === 'file'
        ? downloadFile(`/documents/${encodeURIComponent(doc.id)}/file`, /\.(pdf|png|jpe?g|gif)$/i.test(doc.name) ? doc.name : `${doc.name}.pdf`)
        : downloadFile(`/refunds/${encodeURIComponent(doc.id)}/statement`, doc.name),
  });
