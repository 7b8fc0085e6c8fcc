/**
 * The route configurations every routes file declares (`config: READ`), defined once: the access level
 * is enforced by plugins/sessions.ts (levels in plugins/access.ts), the limit counted per address by
 * plugins/rate-limit.ts.
 */
/** A signed-in member reading (a read-only staff session may read). */
export const READ = { access: 'member' } as const;
/** A member's own session changing something; a read-only staff session gets 403 + audit. */
export const WRITE = { access: 'member-write' } as const;
/** A write that stores rows or files: at most 20 a minute from one address. */
export const WRITE_LIMITED = { access: 'member-write', rateLimit: { max: 20, timeWindow: 60_000 } } as const;
/** Messages and replies carrying files: at most 30 a minute from one address. */
export const WRITE_MESSAGES = { access: 'member-write', rateLimit: { max: 30, timeWindow: 60_000 } } as const;
/** A back-office staff session past its code step, on the staff origin. */
export const STAFF = { access: 'staff' } as const;
/** The staff origin's sign-in steps: at most 20 a minute from one address. */
export const STAFF_LOGIN = { access: 'staff-login', rateLimit: { max: 20, timeWindow: 60_000 } } as const;
