import { INVOICE_SCAN_FILE_FIELD, type TInvoiceScan } from '@mutua/contracts/invoice-scan';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { multipartForm } from '../../../lib/submit-form';

/** Reading a page takes a few seconds on the server; past a minute something is wrong. */
const SCAN_TIMEOUT_MS = 60_000;

/** POST /api/refund-requests/scan (multipart, one file): the invoice read; nothing is stored. */
export const scanInvoice = (file: File) =>
  api.post<TInvoiceScan>('/refund-requests/scan', multipartForm({}, [file], INVOICE_SCAN_FILE_FIELD), { timeoutMs: SCAN_TIMEOUT_MS });

export const useScanInvoice = (config: MutationConfig<typeof scanInvoice> = {}) => useMutation({ ...config, mutationFn: scanInvoice });
