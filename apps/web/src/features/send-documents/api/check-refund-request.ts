import type { TClaimCheckInput, TClaimCheckResult } from '@mutua/contracts/claim-checks';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The file's SHA-256 in hex (the server recognises an invoice already sent by it); undefined where the browser cannot hash. */
export async function fileSha256(file: File): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** POST /api/refund-requests/check: the warnings before sending (the same invoice already sent, an implausible amount); nothing stored. */
export const checkRefundRequest = (input: TClaimCheckInput) => api.post<TClaimCheckResult>('/refund-requests/check', input);

export const useCheckRefundRequest = () => useMutation({ mutationFn: checkRefundRequest });
