/** What the app and other modules may use of the auth module: sessions, counters, passwords, sign-in context and mail helpers. */
export { mainInsured, recordPasswordFailure } from './accounts';
export { queueMail, recordMemberAct, requestContext, type AuthDeps, type RequestContext } from './context';
export { Counters, type CounterRule } from '../../core/counters';
export { newToken, sha256 } from '../../core/crypto';
export { urlForLog } from './log-redaction';
export { hashPassword, verifyPassword, warmUpPasswords } from './passwords';
export { SessionStore, type ActiveSession } from '../../core/session-store';
