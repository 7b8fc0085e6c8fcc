import type { TBoAccessibilityReport } from '@mutua/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api';
import { reportsKey } from './list-reports';

/** POST /api/bo/accessibility-reports/{id}/answer: the answer, e-mailed to the reporter (once). */
export const useAnswerReport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) => api<TBoAccessibilityReport>('POST', `/accessibility-reports/${id}/answer`, { answer }),
    onSettled: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
};
