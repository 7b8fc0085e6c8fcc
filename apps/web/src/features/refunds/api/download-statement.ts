import type { TRefundDetail } from '@mutua/contracts/refunds';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import type { MutationConfig } from '../../../lib/react-query';

/** GET /api/refunds/:refundId/statement: the statement PDF, saved as Decompte_<payment date>_<reference>.pdf. */
export const downloadStatement = (refund: Pick<TRefundDetail, 'id' | 'statementFileName'>) =>
  downloadFile(`/refunds/${encodeURIComponent(refund.id)}/statement`, refund.statementFileName);

export const useDownloadStatement = (config: MutationConfig<typeof downloadStatement> = {}) => useMutation({ ...config, mutationFn: downloadStatement });
