import type { TBoAccessibilityReport } from '@mutua/contracts/accessibility-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reportsKey } from './get-accessibility-reports';

/** POST /api/bo/accessibility-reports/{id}/answer: the answer, e-mailed to the reporter (once). */
export const useAnswerReport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) => api<TBoAccessibilityReport>('POST', `/accessibility-reports/${id}/answer`, { answer }),
    onSettled: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
};
