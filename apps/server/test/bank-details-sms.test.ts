import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../src/db/schema';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { createTestMember, outbox, signIn } from './support/auth';
import { multipart, samplePdf } from './support/documents-fixtures';

// The mandate's signature code through the HTTP SMS provider (SMS_URL) on a local receiver.

const received: { to: string; text: string }[] = [];
const state = { failNext: 0 };
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (state.failNext > 0) {
      state.failNext--;
      res.writeHead(503).end();
      return;
    }
    received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; text: string });
    res.writeHead(202).end('{}');
  });
});

let t: ClockedTestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  t = await createTestApp({ clock: 'manual', env: { SMS_URL: `http://sms-token@127.0.0.1:${port}/v1/messages` } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('mandate signature code through SMS_URL', () => {
  it('reaches the provider (not the outbox), a failed send answers SMS_SEND_FAILED and can be retried at once, the code signs', async () => {
    const m = await createTestMember(t);
    await t.database.db
      .update(contacts)
      .set({ mobileNumber: '0712345670', mobileConfirmedAt: new Date(t.clock.now().getTime() - 72 * 3600_000) })
      .where(eq(contacts.memberId, m.memberId));
    const client = await signIn(t, m.login);
    const body = multipart([
      { name: 'target', value: 'contribution' },
      { name: 'holder', value: 'Test Membre' },
      { name: 'iban', value: 'FR3330002005500000157841Z25' },
      { name: 'attachments', filename: 'rib.pdf', content: await samplePdf('RIB'), contentType: 'application/pdf' },
    ]);
    const change = (await client.post('/api/bank-details/changes', body.payload, { headers: body.headers })).json().data;

    state.failNext = 1;
    const failed = await client.post(`/api/bank-details/changes/${change.changeId}/code`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('SMS_SEND_FAILED');
    const sent = await client.post(`/api/bank-details/changes/${change.changeId}/code`);
    expect(sent.statusCode, sent.body).toBe(200);
    const sms = received.at(-1)!;
    expect(sms.to).toBe('+33712345670');
    expect(await outbox(t, { kind: 'MANDATE_SIGNATURE_CODE' })).toEqual([]);
    const code = sms.text.match(/ est (\d{6})\./)![1]!;
    const signed = await client.post(`/api/bank-details/changes/${change.changeId}/sign`, { code, place: 'Rennes', consent: true });
    expect(signed.statusCode, signed.body).toBe(201);
  });
});
