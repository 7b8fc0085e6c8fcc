/** The audit log every module writes to. */
export { AUTH_AUDIT_KINDS, AuditLog, type AuditEvent, type AuthAuditKind } from '../../core/audit-log';
