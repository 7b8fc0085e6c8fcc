import type { ActiveSession } from '../core/session-store';

/**
 * Who may call a route, declared on every route as `config: { access }` and enforced by the sessions
 * plugin in one onRequest hook:
 * - public: anyone on a tenant host;
 * - member: a signed-in member session, reading (a read-only staff session may read);
 * - member-write: a signed-in member session changing something; a read-only session gets 403 + audit;
 * - staff: a back-office staff session past its TOTP step, on the staff origin only (plugins/staff.ts);
 * - staff-login: the staff origin's sign-in steps (anonymous, or between password and code);
 * - operator: the /api/ops bearer token, from the loopback interface;
 * - system: host-less probes (heartbeat);
 * - debug: developer tools, only when config.debugTools (404 otherwise).
 */
export const ACCESS_LEVELS = ['public', 'member', 'member-write', 'staff', 'staff-login', 'operator', 'system', 'debug'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessLevel;
  }
}

/** Audit kind of every call made in a member session opened from the back office. */
export const BO_SESSION_CALL = 'BO_SESSION_CALL';

/** Audit kind of a write refused to a read-only session. */
export const READ_ONLY_WRITE_REFUSED = 'READ_ONLY_WRITE_REFUSED';

/**
 * A staff member looking at a member's space may read, never write in the member's name, except in
 * the back office's derogation mode (a derogator acting for the member, with a reason, audited).
 */
export function isReadOnly(session: Pick<ActiveSession, 'isBoAuthentication' | 'bo'>): boolean {
  return session.isBoAuthentication && session.bo?.mode !== 'DEROGATION';
}
