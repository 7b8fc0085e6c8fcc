import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import type { Clock } from '../lib/clock';

/**
 * Sign-in events written by the auth module. Other areas add their own kinds (bank details,
 * beneficiary change, staff access, …) as plain strings.
 */
export const AUTH_AUDIT_KINDS = [
  'LOGIN_PASSWORD_OK',
  'LOGIN_FAILED',
  'LOGIN_REFUSED',
  'ACCOUNT_BLOCKED',
  'IP_BLOCKED',
  'MFA_CODE_SENT',
  'MFA_CODE_SEND_FAILED',
  'MFA_FAILED',
  'MFA_BLOCKED',
  'SESSION_OPENED',
  'SESSION_EXPIRED',
  'LOGOUT',
  'PASSWORD_CHANGED',
  'PASSWORD_CHANGE_FAILED',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET',
  'FORGOT_LOGIN_REQUESTED',
  'ACCOUNT_CREATION_REQUESTED',
  'ACCOUNT_CREATED',
  'ACCOUNT_ACTIVATED',
  'LOGIN_CHANGED',
  'SPAM_CLEARED',
  'LEGAL_PAGES_ACCEPTED',
  'PERSONAL_INFO_VALIDATED',
  'TUTORIAL_FINISHED',
] as const;
export type AuthAuditKind = (typeof AUTH_AUDIT_KINDS)[number];

export type AuditEvent = {
  kind: AuthAuditKind | (string & {});
  tenantId: string | null;
  memberId?: string | null;
  ip?: string | null;
  /** Never a secret: no password, code, session id, token. */
  details?: Record<string, unknown>;
};

export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(event: AuditEvent): Promise<void> {
    await this.db.insert(auditEvents).values({
      at: this.clock.now(),
      tenantId: event.tenantId,
      memberId: event.memberId ?? null,
      kind: event.kind,
      ip: event.ip ?? null,
      details: event.details ?? {},
    });
  }
}
