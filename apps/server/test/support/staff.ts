import { STAFF_SESSION_COOKIE } from '@mutua/contracts/backoffice';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { staff } from '../../src/db/schema';
import { DEMO_STAFF_PASSWORD } from '../../src/modules/backoffice/seed';
import { currentTotp } from '../../src/modules/backoffice/totp';
import { TestClient, type TestApp } from './test-app';

export const STAFF_HOST = 'gestion.localhost';

/**
 * Signs a staff member in on the back-office host: password, then the authenticator's current code.
 * A code works once (replay refused), and a test signs the same demo staff in several times within one
 * 30-second step: the last step used is forgotten first, as if the next code had come.
 */
export async function signInStaff<C extends TestClient>(t: TestApp, who: { email: string; totp: string | null }, client: C): Promise<C> {
  expect((await client.get('/api/bo/auth/session')).statusCode).toBe(200);
  const login = await client.post('/api/bo/auth/login', { email: who.email, password: DEMO_STAFF_PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  expect(login.json().data.next).toBe('TOTP');
  await t.database.db.update(staff).set({ totpLastStep: null }).where(eq(staff.email, who.email));
  const totp = await client.post('/api/bo/auth/totp', { code: currentTotp(who.totp!, new Date()) });
  expect(totp.statusCode, totp.body).toBe(200);
  expect(client.cookies.get(STAFF_SESSION_COOKIE)).toBeTruthy();
  return client;
}
