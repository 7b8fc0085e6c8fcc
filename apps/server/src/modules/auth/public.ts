/** What the app and other modules may use of the auth module: sessions, counters, password hashing. */
export { Counters, type CounterRule } from './counters';
export { urlForLog } from './log-redaction';
export { hashPassword, warmUpPasswords } from './passwords';
export { SessionStore, type ActiveSession } from './session-store';
