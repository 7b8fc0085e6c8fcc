import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_ACCOUNTS, expect, isolatedServer, test } from '../fixtures';

// The mandate's code sent through the HTTP SMS provider (SMS_URL) to a local
// receiver, not to the development outbox, and read from there to sign in Chromium.

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type ReceivedSms = { from: string; to: string; text: string; authorization: string | undefined };
const received: ReceivedSms[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<ReceivedSms, 'authorization'>;
    received.push({ ...body, authorization: req.headers.authorization });
    res.writeHead(202, { 'content-type': 'application/json' }).end('{}');
  });
});

// Registered before the instance's own hooks, so the receiver listens when the instance starts.
test.beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const instance = isolatedServer({
  database: 'embedded',
  name: 'bank-details-sms',
  env: () => ({ SMS_URL: `http://provider-token@127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/messages` }),
});

test('the signature code reaches the SMS provider, not the outbox, and signs the mandate', async ({ page }) => {
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  await page.goto(instance.tenantUrl('mutua', '/update-rib/contribution'));
  const dialog = page.getByRole('dialog', { name: 'Modifier mes coordonnées bancaires' });
  await dialog.getByRole('textbox', { name: 'Titulaire du compte' }).fill('Camille Durand');
  await dialog.getByRole('textbox', { name: 'IBAN' }).fill('FR33 3000 2005 5000 0015 7841 Z25');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Ajouter des fichiers' }).click();
  await (await chooser).setFiles({ name: 'rib.png', mimeType: 'image/png', buffer: TINY_PNG });
  await dialog.getByRole('button', { name: 'Continuer vers le mandat' }).click();
  await expect(dialog.getByTestId('mandate')).toContainText('Mutua');

  await dialog.getByRole('button', { name: 'Recevoir le code par SMS' }).click();
  await expect.poll(() => received.length, { message: 'the provider receives one SMS' }).toBe(1);
  const sms = received[0]!;
  expect(sms.authorization).toBe('Bearer provider-token');
  expect(sms.to).toMatch(/612345678$/);
  const code = sms.text.match(/ est (\d{6})\./)?.[1];
  expect(code, sms.text).toMatch(/^\d{6}$/);
  // Nothing in the development outbox: the provider is the only way out.
  const outbox = await instance.tenantApi('mutua', '/api/debug/outbox?kind=MANDATE_SIGNATURE_CODE&limit=5');
  expect(outbox.json<{ data: unknown[] }>().data).toEqual([]);

  await dialog.getByRole('textbox', { name: 'Code reçu par SMS' }).fill(code!);
  await dialog.getByRole('textbox', { name: 'Lieu de signature' }).fill('Lyon');
  await dialog.getByRole('checkbox').check();
  // The first seal of an instance generates its development certificate: allow for it.
  const signed = page.waitForResponse((r) => /\/api\/bank-details\/changes\/[^/]+\/sign$/.test(r.url()), { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Je signe' }).click();
  expect((await signed).status()).toBe(201);
  await expect(dialog.getByTestId('bank-change-done')).toContainText('La demande de changement de coordonnées bancaires est validée.');
});
