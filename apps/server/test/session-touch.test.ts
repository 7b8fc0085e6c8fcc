import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { createTestMember, signIn } from './support/auth';

let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual' });
});
afterAll(() => t.close());

const MINUTE = 60_000;

describe('session activity', () => {
  it('writes last_seen_at at most once a minute, and the idle timeout still counts from the last write', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const lastSeen = async () => (await t.database.db.select().from(sessions).where(eq(sessions.memberId, m.memberId)))[0]!.lastSeenAt.getTime();
    const opened = await lastSeen();

    // Requests within the minute read the session without writing it.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(15_000);
      expect((await client.get('/api/auth/profile')).statusCode).toBe(200);
    }
    expect(await lastSeen()).toBe(opened);

    // Past the minute, the next request records the activity.
    t.clock.advance(20_000);
    expect((await client.get('/api/auth/profile')).statusCode).toBe(200);
    const touched = await lastSeen();
    expect(touched).toBe(t.clock.now().getTime());

    // 29 minutes after the last write: still open (and touched again); 30 minutes idle after it: ended.
    t.clock.advance(29 * MINUTE);
    expect((await client.get('/api/auth/profile')).statusCode).toBe(200);
    expect(await lastSeen()).toBe(t.clock.now().getTime());
    t.clock.advance(30 * MINUTE);
    expect((await client.get('/api/auth/profile')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.memberId, m.memberId));
    expect(row!.endReason).toBe('IDLE');
  });
});
