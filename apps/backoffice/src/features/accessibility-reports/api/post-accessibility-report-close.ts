import type { TBoAccessibilityReport } from '@mutua/contracts/accessibility-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reportsKey } from './get-accessibility-reports';

/** POST /api/bo/accessibility-reports/{id}/close. */
export const useCloseReport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<TBoAccessibilityReport>('POST', `/accessibility-reports/${id}/close`),
    onSettled: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
};
