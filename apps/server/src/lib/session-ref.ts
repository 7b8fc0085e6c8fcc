import { createHash } from 'node:crypto';

/**
 * The reference of a member session in the audit trail: 12 hex characters derived one way from the
 * session's stored id, so staff can follow one back-office session through the audit rows while the
 * rows carry nothing that opens it (audit rows never hold a session id or token).
 */
export const sessionAuditRef = (sessionId: string) => createHash('sha256').update(`audit-ref:${sessionId}`).digest('hex').slice(0, 12);
