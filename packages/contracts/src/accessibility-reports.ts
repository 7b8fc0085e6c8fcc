import { z } from 'zod';
import { dataEnvelope } from './api';
import { ZEmail } from './auth';

/*
 * Reporting an accessibility problem, signed in or not (RGAA statement: a way to report a problem and
 * obtain an accessible alternative). The report reaches the back office, where staff answer it by
 * e-mail and close it.
 */

export const ZAccessibilityReportInput = z.object({
  name: z.string().trim().max(120, 'Le nom ne doit pas dépasser 120\u00a0caractères.').optional().default(''),
  email: z.string().trim().min(1, 'Saisissez l’adresse e-mail où vous répondre.').pipe(ZEmail),
  page: z.string().trim().min(1, 'Indiquez la page ou le service concerné.').max(300, 'La page ne doit pas dépasser 300\u00a0caractères.'),
  description: z
    .string()
    .trim()
    .min(10, 'Décrivez le problème en 10\u00a0caractères au moins.')
    .max(4000, 'La description ne doit pas dépasser 4\u00a0000\u00a0caractères.'),
});
export type TAccessibilityReportInput = z.input<typeof ZAccessibilityReportInput>;
export const ZAccessibilityReportReceived = dataEnvelope(z.object({ id: z.uuid(), receivedAt: z.string() }));

export const ACCESSIBILITY_REPORT_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED'] as const;
export const ZAccessibilityReportStatus = z.enum(ACCESSIBILITY_REPORT_STATUSES);
export type AccessibilityReportStatus = z.infer<typeof ZAccessibilityReportStatus>;
export const ACCESSIBILITY_REPORT_STATUS_LABELS: Record<AccessibilityReportStatus, string> = { OPEN: 'À traiter', ANSWERED: 'Répondu', CLOSED: 'Clos' };

export const ZBoAccessibilityReport = z.object({
  id: z.uuid(),
  tenantId: z.string(),
  name: z.string(),
  email: z.string(),
  page: z.string(),
  description: z.string(),
  status: ZAccessibilityReportStatus,
  receivedAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type TBoAccessibilityReport = z.infer<typeof ZBoAccessibilityReport>;
export const ZBoAccessibilityReportList = dataEnvelope(z.array(ZBoAccessibilityReport));
export const ZBoAccessibilityReportQuery = z.object({ status: ZAccessibilityReportStatus.optional() });
export const ZBoAccessibilityReportAnswer = z.object({
  answer: z
    .string()
    .trim()
    .min(10, 'La réponse doit compter 10\u00a0caractères au moins.')
    .max(4000, 'La réponse ne doit pas dépasser 4\u00a0000\u00a0caractères.'),
});
export const ZBoAccessibilityReportResponse = dataEnvelope(ZBoAccessibilityReport);
