import type { TAccessibilityReportInput } from '@mutua/contracts/accessibility-reports';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/accessibility/reports (public): one report per opened form, whatever the clicks. */
export const sendAccessibilityReport = ({ key, ...input }: TAccessibilityReportInput & { key: string }) =>
  api.post<{ id: string; receivedAt: string }>('/accessibility/reports', input, { idempotencyKey: key });

export const useSendAccessibilityReport = () => useMutation({ mutationFn: sendAccessibilityReport });
