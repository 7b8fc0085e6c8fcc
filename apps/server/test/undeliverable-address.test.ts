import { ERRORS } from '@mutua/contracts/errors';
import { ZGlobalDetails } from '@mutua/contracts/global-details';
import { UNDELIVERABLE_ADDRESS_ALERT } from '@mutua/contracts/home-notices';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, requests } from '../src/db/schema';
import { tpCardResends } from '../src/modules/tp-card/schema';
import { markAddressUndeliverable } from '../src/modules/members/public';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { createTestMember, signIn, type AuthClient } from './support/auth';

/** La Poste returned the member's mail as undeliverable (« NPAI »): verifySentByPostOffice, the home alert, no paper card. */
let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual', start: new Date('2026-11-23T10:00:00Z') });
}, 60_000);
afterAll(() => t?.close());

const details = async (client: AuthClient) => {
  const res = await client.get('/api/all-info');
  expect(res.statusCode, res.body).toBe(200);
  return ZGlobalDetails.parse(res.json().data);
};
const n = async (table: typeof requests | typeof tpCardResends) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;
const MESSAGE = 'Nous ne pouvons pas vous envoyer votre carte\u00a0: renseignez une adresse valide.';

describe('an address La Poste returned as undeliverable (NPAI)', () => {
  it('flags the post-office check, alerts on home towards the personal information and refuses the paper card, storing nothing; another member unaffected', async () => {
    const a = await createTestMember(t);
    const b = await createTestMember(t);
    const clientA = await signIn(t, a.login);
    const clientB = await signIn(t, b.login);
    expect((await details(clientA)).insured.verifySentByPostOffice).toBe(false);

    expect(await markAddressUndeliverable(t.database.db, a.memberId, new Date('2026-11-20T09:00:00Z'))).toBe(true);
    const d = await details(clientA);
    expect(d.insured.verifySentByPostOffice).toBe(true);
    expect(d.alertDtoList).toContainEqual(UNDELIVERABLE_ADDRESS_ALERT);
    expect(UNDELIVERABLE_ADDRESS_ALERT).toMatchObject({ message: MESSAGE, link: { path: '/personal-info' } });

    const before = [await n(requests), await n(tpCardResends)];
    const refused = await clientA.post('/api/tp-card/paper-resend');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'TP_CARD_ADDRESS_UNDELIVERABLE', message: MESSAGE });
    expect(ERRORS.TP_CARD_ADDRESS_UNDELIVERABLE.message).toBe(MESSAGE);
    const keyed = await clientA.post('/api/tp-card/paper-resend', undefined, { headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(keyed.statusCode).toBe(409);
    expect([await n(requests), await n(tpCardResends)]).toEqual(before);

    const other = await details(clientB);
    expect(other.insured.verifySentByPostOffice).toBe(false);
    expect(other.alertDtoList.map((x) => x.id)).not.toContain(UNDELIVERABLE_ADDRESS_ALERT.id);
    const resent = await clientB.post('/api/tp-card/paper-resend');
    expect(resent.statusCode, resent.body).toBe(201);
  });

  it('stays flagged when the member saves the same address; a new address clears it and the card can be resent', async () => {
    const a = await createTestMember(t);
    const client = await signIn(t, a.login);
    const same = {
      line1: '12 rue de la République',
      line2: '',
      line3: '',
      zipCode: '01400',
      city: 'Châtillon-sur-Chalaronne',
      country: 'France',
      foreignResidence: false,
    };
    expect((await client.put('/api/personal-info', { secondaryEmail: null, phoneNumber: null, address: same })).statusCode).toBe(200);
    await markAddressUndeliverable(t.database.db, a.memberId, new Date('2026-11-20T09:00:00Z'));
    const kept = await client.put('/api/personal-info', { secondaryEmail: null, phoneNumber: null, address: same });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await details(client)).insured.verifySentByPostOffice).toBe(true);

    const moved = await client.put('/api/personal-info', { secondaryEmail: null, phoneNumber: null, address: { ...same, line1: '3 place de la Mairie' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const [after] = await t.database.db.select().from(addresses).where(eq(addresses.memberId, a.memberId));
    expect(after!.undeliverableSince).toBeNull();
    const d = await details(client);
    expect(d.insured.verifySentByPostOffice).toBe(false);
    expect(d.alertDtoList.map((x) => x.id)).not.toContain(UNDELIVERABLE_ADDRESS_ALERT.id);
    expect((await client.post('/api/tp-card/paper-resend')).statusCode).toBe(201);
  });

  it('answers false when the member has no postal address to flag', async () => {
    const a = await createTestMember(t);
    await t.database.db.delete(addresses).where(eq(addresses.memberId, a.memberId));
    expect(await markAddressUndeliverable(t.database.db, a.memberId, new Date())).toBe(false);
  });
});
