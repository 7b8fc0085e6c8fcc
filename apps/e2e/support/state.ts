import type { ServerInfo } from './server-instance';

/** What global setup hands to the test workers (through the environment they inherit). */
export type E2eState = {
  runDir: string;
  /** The shared server every spec uses unless it starts its own instance. */
  server: ServerInfo;
  /** HTTP API of the SMTP receiver: GET/DELETE /messages. */
  mailApi: string;
  smtpUrl: string;
};

export const ENV_KEYS = { state: 'MUTUA_E2E_STATE' } as const;

export function e2eState(): E2eState {
  const raw = process.env[ENV_KEYS.state];
  if (!raw) throw new Error('The end-to-end state is missing: run the specs through `npm run test:e2e` (Playwright global setup).');
  return JSON.parse(raw) as E2eState;
}
