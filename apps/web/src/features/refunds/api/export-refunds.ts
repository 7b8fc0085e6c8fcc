import { refundsExportFileName } from '@mutua/contracts/refunds';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import type { MutationConfig } from '../../../lib/react-query';
import { refundQueryOf, type RefundFilterValues } from '../filters';

/** GET /api/refunds/export?<filters>: the filtered list as Liste_remboursements_<date>.xlsx. */
export const exportRefunds = (filters: RefundFilterValues) => downloadFile('/refunds/export', refundsExportFileName(), refundQueryOf(filters));

export const useExportRefunds = (config: MutationConfig<typeof exportRefunds> = {}) => useMutation({ ...config, mutationFn: exportRefunds });
