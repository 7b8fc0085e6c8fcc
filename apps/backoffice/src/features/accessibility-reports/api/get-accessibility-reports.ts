import type { AccessibilityReportStatus, TBoAccessibilityReport } from '@mutua/contracts/accessibility-reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const reportsKey = ['accessibility-reports'] as const;

/** GET /api/bo/accessibility-reports: the reports of the staff member's tenants, newest first. */
export const useAccessibilityReports = (status: AccessibilityReportStatus | '') =>
  useQuery({
    queryKey: [...reportsKey, status],
    queryFn: () => api<TBoAccessibilityReport[]>('GET', `/accessibility-reports${status ? `?status=${status}` : ''}`),
  });
