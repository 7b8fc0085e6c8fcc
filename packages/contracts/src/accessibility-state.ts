import type { ComplianceState } from './accessibility-audit';

/**
 * The compliance state the footer of every page shows. It is `auditSummary().state` of the audit
 * grid, written out so that the footer (part of the login page's budget) does not bundle the 106
 * criteria; accessibility-audit.test.ts fails as soon as the grid says otherwise.
 */
export const ACCESSIBILITY_STATE: ComplianceState = 'non conforme';
