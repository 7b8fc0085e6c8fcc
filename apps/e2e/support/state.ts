import type { ServerInfo } from './server-instance';

/** What global setup hands to the test workers (through the environment they inherit). */
export type E2eState = {
  runDir: string;
  /** The shared server every spec uses unless it starts its own instance. */
  server: ServerInfo;
  /** HTTP API of the SMTP receiver: GET/DELETE /messages. */
  mailApi: string;
  smtpUrl: string;
  /** The copy of the built web app the servers serve. */
  webDist: string;
  /** A migrated, seeded embedded database (pgdata) to copy into a new instance's data dir. */
  templatePgdata: string;
};

export const ENV_KEYS = {
  state: 'MUTUA_E2E_STATE',
  /** The server bundle every instance of the run starts from (global setup's copy of apps/server/dist). */
  serverEntry: 'MUTUA_E2E_SERVER_ENTRY',
} as const;

export function e2eState(): E2eState {
  const raw = process.env[ENV_KEYS.state];
  if (!raw) throw new Error('The end-to-end state is missing: run the specs through `npm run test:e2e` (Playwright global setup).');
  return JSON.parse(raw) as E2eState;
}

/** SMTP user of the shared server: `mail.list({ source: SHARED_MAIL_SOURCE })` keeps only its mails. */
export const SHARED_MAIL_SOURCE = 'shared';

/** smtp://127.0.0.1:port → smtp://<user>:x@127.0.0.1:port (the receiver accepts any credentials). */
export function withSmtpUser(smtpUrl: string, user: string): string {
  const url = new URL(smtpUrl);
  url.username = user;
  url.password = 'x';
  return url.toString();
}
