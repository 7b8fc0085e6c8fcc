import type { TMandateSigned, TSignMandateRequest, TSignatureCodeSent } from '@mutua/contracts/bank-details';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/bank-details/changes/{id}/code: the 6-digit code by SMS (again after the delay). */
export const sendSignatureCode = (changeId: string) => api.post<TSignatureCodeSent>(`/bank-details/changes/${encodeURIComponent(changeId)}/code`);
export const useSendSignatureCode = (config: MutationConfig<typeof sendSignatureCode> = {}) => useMutation({ ...config, mutationFn: sendSignatureCode });

/** POST /api/bank-details/changes/{id}/sign: code, place and « Je signe ». */
export const signMandate = ({ changeId, ...body }: TSignMandateRequest & { changeId: string }) =>
  api.post<TMandateSigned>(`/bank-details/changes/${encodeURIComponent(changeId)}/sign`, body);
export const useSignMandate = (config: MutationConfig<typeof signMandate> = {}) => {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: signMandate,
    onSuccess: async (...args) => {
      await Promise.all([client.invalidateQueries({ queryKey: ['bank-details'] }), refreshGlobalDetailsPart(client, 'requests')]).catch(() => undefined);
      return config.onSuccess?.(...args);
    },
  });
};

/** GET …/changes/{id}/mandate.pdf: the mandate as shown before signing. */
export const downloadMandateToSign = ({ changeId, rum }: { changeId: string; rum: string }) =>
  downloadFile(`/bank-details/changes/${encodeURIComponent(changeId)}/mandate.pdf`, `mandat-sepa-${rum}-a-signer.pdf`);
export const useDownloadMandateToSign = (config: MutationConfig<typeof downloadMandateToSign> = {}) =>
  useMutation({ ...config, mutationFn: downloadMandateToSign });

/** GET /api/mandates/{id}/signed.pdf: the signed, sealed mandate. */
export const downloadSignedMandate = ({ mandateId, rum }: { mandateId: string; rum: string }) =>
  downloadFile(`/mandates/${encodeURIComponent(mandateId)}/signed.pdf`, `mandat-sepa-${rum}-signe.pdf`);
export const useDownloadSignedMandate = (config: MutationConfig<typeof downloadSignedMandate> = {}) =>
  useMutation({ ...config, mutationFn: downloadSignedMandate });
