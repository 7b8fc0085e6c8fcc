// Long because it covers the card, its paper copy, the wallet pass and the professionals' check with their bad inputs and access control, on shared signed-in clients.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { formatPersonName } from '@mutua/contracts/names';
import { ZTpCard } from '@mutua/contracts/tp-card';
import { and, count, desc, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, beneficiaries, contactChanges, contacts, contracts, devOutbox, requests } from '../src/db/schema';
import { tpCardIssuers, walletPasses } from '../src/modules/tp-card/schema';
import { passPushNotifierFor, pushPassUpdates, recordedPasses } from '../src/modules/tp-card/wallet/service';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, createTestMember, signIn, waitForMail, type AuthClient } from './support/auth';
import { hasPdftotext } from './support/database';
import { openNir } from '../src/db/protected-fields';
import { pdfText } from './support/pdf-text';

let t: ClockedTestApp;

beforeAll(async () => {
  // Pushes are swept by the test itself (the timer's interval set out of reach).
  t = await createTestApp({ clock: 'manual', start: new Date('2026-11-23T10:00:00Z'), env: { WALLET_PUSH_INTERVAL_MS: '3600000' } });
}, 60_000);
afterAll(() => t?.close());

const mailsTo = async (to: string) => (await t.database.db.select({ n: count() }).from(devOutbox).where(eq(devOutbox.toAddress, to)))[0]!.n;

describe('POST /api/tp-card/email', () => {
  it('mails the card PDF as an attachment to the confirmed address, audited, the stored address untouched', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const card = (await client.get('/api/tp-card')).json().data;
    expect(card.storedEmail).toBe(m.emails[0]);

    const res = await client.post('/api/tp-card/email', { email: 'pharmacie.copie@example.org' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sentTo: 'p***e@example.org', contactChange: null });
    await waitForMail(t, { to: 'pharmacie.copie@example.org', kind: 'TP_CARD' });
    const [row] = await t.database.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.toAddress, 'pharmacie.copie@example.org'))
      .orderBy(desc(devOutbox.seq))
      .limit(1);
    expect(row!.subject).toBe('Votre carte de tiers payant');
    expect(row!.attachments).toHaveLength(1);
    const attachment = row!.attachments![0]!;
    expect(attachment).toMatchObject({ filename: 'carte_tiers_payant_2026-11-23.pdf', contentType: 'application/pdf' });
    const pdf = Buffer.from(attachment.contentBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdftotext) {
      const path = `/tmp/tp-card-${process.pid}.pdf`;
      writeFileSync(path, pdf);
      expect(execFileSync('pdftotext', [path, '-']).toString()).toContain('Carte de tiers payant');
    }
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.memberId, m.memberId));
    expect(contact!.email).toBe(m.emails[0]);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'TP_CARD_EMAILED'), eq(auditEvents.memberId, m.memberId)));
    expect(audit!.details).toMatchObject({ to: 'p***e@example.org', replaceStored: false });
    // No address in clear in the audit.
    expect(JSON.stringify(audit!.details)).not.toContain('pharmacie.copie');
  });

  it('asks to replace the stored address through the contact-change confirmation, never overwriting it', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const res = await client.post('/api/tp-card/email', { email: 'nouvelle.adresse@example.org', replaceStored: true, password: DEMO_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.contactChange).toMatchObject({ destination: 'n***e@example.org' });
    const [change] = await t.database.db.select().from(contactChanges).where(eq(contactChanges.memberId, m.memberId));
    expect(change).toMatchObject({ kind: 'EMAIL', newValue: 'nouvelle.adresse@example.org', confirmedAt: null });
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.memberId, m.memberId));
    expect(contact!.email).toBe(m.emails[0]);
    await waitForMail(t, { to: 'nouvelle.adresse@example.org', kind: 'CONTACT_CHANGE_LINK' });
    await waitForMail(t, { to: 'nouvelle.adresse@example.org', kind: 'TP_CARD' });
  });

  it('refuses a bad address in French and sends nothing', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    for (const body of [{ email: 'pas-une-adresse' }, { email: '' }, {}, { email: 'a@b.fr', replaceStored: 'oui' }]) {
      const res = await client.post('/api/tp-card/email', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const bad = await client.post('/api/tp-card/email', { email: 'pas-une-adresse' });
    expect(bad.json().error.message).toContain('Adresse e-mail invalide.');
    expect(await mailsTo('pas-une-adresse')).toBe(0);
  });

  it('refuses the PDF and the e-mail when the management centre does not issue the card online', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const [issuer] = await t.database.db.select().from(tpCardIssuers).where(eq(tpCardIssuers.tenantId, 'mutua'));
    await t.database.db.update(tpCardIssuers).set({ dematerialised: false }).where(eq(tpCardIssuers.tenantId, issuer!.tenantId));
    try {
      const card = (await client.get('/api/tp-card')).json().data;
      expect(card.dematerialised).toBe(false);
      const res = await client.post('/api/tp-card/email', { email: 'centre@example.org' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Votre centre de gestion ne délivre pas la carte en ligne\u00a0: demandez-la par courrier.');
      expect((await client.get('/api/tp-card/card.pdf')).statusCode).toBe(404);
      expect(await mailsTo('centre@example.org')).toBe(0);
    } finally {
      await t.database.db.update(tpCardIssuers).set({ dematerialised: true }).where(eq(tpCardIssuers.tenantId, issuer!.tenantId));
    }
  });
});

describe('the printable card', () => {
  /** The first page printed at 150 dpi in grey (pdftoppm's PGM: a header, then one byte a pixel), read by a QR scanner. */
  function scanQr(pdf: Buffer): string | null {
    const path = `/tmp/tp-card-scan-${process.pid}`;
    writeFileSync(`${path}.pdf`, pdf);
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-singlefile', `${path}.pdf`, path]);
    const pgm = readFileSync(`${path}.pgm`);
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const grey = pgm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba.fill(grey[i]!, i * 4, i * 4 + 3);
      rgba[i * 4 + 3] = 255;
    }
    return jsQR(rgba, width, height)?.data ?? null;
  }

  it.runIf(hasPdftotext)('carries the QR a professional scans and verifies, and the names as on screen', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const card = (await client.get('/api/tp-card')).json().data as { beneficiaries: { firstName: string; surName: string }[] };
    const pdf = (await client.get('/api/tp-card/card.pdf')).rawPayload;
    const path = `/tmp/tp-card-names-${process.pid}.pdf`;
    writeFileSync(path, pdf);
    const text = execFileSync('pdftotext', [path, '-']).toString();
    for (const person of card.beneficiaries) {
      expect(text).toContain(formatPersonName(person));
      expect(text).not.toContain(`${person.firstName} ${person.surName}`.toUpperCase());
    }
    expect(text.replace(/\s+/g, ' ')).toContain('Code QR réservé aux professionnels de santé, valable jusqu’au 31 décembre 2026.');
    const scanned = scanQr(pdf);
    expect(scanned).toMatch(/^TP1\./);
    const verified = await t.app.inject({ method: 'POST', url: '/api/tp-card/verify', headers: { host: 'localhost' }, payload: { payload: scanned } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.beneficiaries).toEqual(card.beneficiaries.map((b) => ({ firstName: b.firstName, surName: b.surName })));
  });
});

describe('persons on the card', () => {
  it('lists only the persons covered on the card’s dates: a child whose own cover ended is on no card, screen, PDF nor verification', async () => {
    const m = await createTestMember(t);
    const [line] = await t.database.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.memberId, m.memberId), eq(contracts.familyPosition, 1)));
    const [principal] = await t.database.db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.memberId, m.memberId), eq(beneficiaries.familyPosition, 1)));
    // Léa left the contract on 1 November; Hugo joins it today; Zoé only next year (after the card's last day).
    const people = [
      { familyPosition: 2, firstName: 'Léa', outgoingDate: '2026-11-01', incomingDate: '2020-01-01' },
      { familyPosition: 3, firstName: 'Hugo', outgoingDate: null, incomingDate: '2026-11-23' },
      { familyPosition: 4, firstName: 'Zoé', outgoingDate: null, incomingDate: '2027-01-01' },
    ];
    for (const p of people) {
      await t.database.db.insert(beneficiaries).values({
        memberId: m.memberId,
        familyPosition: p.familyPosition,
        rank: 'CHILD',
        firstName: p.firstName,
        surName: principal!.surName,
        birthDate: '2012-06-01',
        sex: 'F',
      });
      await t.database.db
        .insert(contracts)
        .values({ ...line!, id: undefined, familyPosition: p.familyPosition, incomingDate: p.incomingDate, outgoingDate: p.outgoingDate });
    }
    const client = await signIn(t, m.login);
    const card = (await client.get('/api/tp-card')).json().data as { beneficiaries: { firstName: string }[]; qrPayload: string };
    expect(card.beneficiaries.map((b) => b.firstName)).toEqual(['TEST', 'Hugo']);
    const verified = await t.app.inject({ method: 'POST', url: '/api/tp-card/verify', headers: { host: 'localhost' }, payload: { payload: card.qrPayload } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.beneficiaries.map((b: { firstName: string }) => b.firstName)).toEqual(['TEST', 'Hugo']);
    if (hasPdftotext) {
      const path = `/tmp/tp-card-covered-${process.pid}.pdf`;
      writeFileSync(path, (await client.get('/api/tp-card/card.pdf')).rawPayload);
      const text = execFileSync('pdftotext', [path, '-']).toString();
      expect(text).toContain('Hugo');
      expect(text).not.toContain('Léa');
      expect(text).not.toContain('Zoé');
    }
  });
});

describe('third-party-payment card', () => {
  const { camille, lea } = DEMO_ACCOUNTS;
  let asCamille: AuthClient;
  beforeAll(async () => {
    asCamille = await signIn(t, camille.loginEmail);
  });
  const n = async (table: typeof requests) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

  it('answers the card of the ongoing contract with an opaque, signed, expiring QR payload', async () => {
    const res = await asCamille.get('/api/tp-card');
    expect(res.statusCode, res.body).toBe(200);
    const card = ZTpCard.parse(res.json().data);
    expect(card).toMatchObject({
      amcNumber: '775671234',
      careNetwork: 'Kalivia',
      operator: 'Almerys',
      insurerContract: 'MUTUA-IND-2024',
      validTo: '2026-12-31',
      paperResendAllowedFrom: null,
    });
    expect(card.beneficiaries).toHaveLength(4);
    // Nothing about the member can be read from the QR alone.
    const decoded = Buffer.from(card.qrPayload.slice(4), 'base64url').toString('latin1');
    for (const secret of ['DURAND', 'CAMILLE', camille.membershipNumber, 'MUTUA-IND-2024']) expect(decoded).not.toContain(secret);

    const pdf = await asCamille.get('/api/tp-card/card.pdf');
    expect(pdf.headers['content-disposition']).toContain('carte_tiers_payant_2026-11-23.pdf');
    if (hasPdftotext) expect(pdfText(pdf.rawPayload).replace(/\s+/g, ' ')).toContain('Numéro AMC\u00a0: 775671234'.replace(/\s+/g, ' '));
  });

  const verify = (payload: string, host = 'localhost', remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/tp-card/verify', remoteAddress, headers: { host }, payload: { payload } });

  it('lets a health professional verify the QR payload a day later, with only what third-party payment needs, and refuses an altered one', async () => {
    const { qrPayload, qrExpiresAt } = (await asCamille.get('/api/tp-card')).json().data;
    // The QR lasts as long as the card (the printed card and the wallet pass are shown offline).
    expect(qrExpiresAt).toBe('2026-12-31T22:59:59.999Z');
    t.clock.advance(25 * 3_600_000);
    const professional = await verify(qrPayload);
    // The professional's software has no session nor anti-forgery cookie: the route is public.
    expect(professional.statusCode, professional.body).toBe(200);
    const answer = professional.json().data;
    expect(answer).toMatchObject({ valid: true, amcNumber: '775671234', insurerContract: 'MUTUA-IND-2024', validTo: '2026-12-31' });
    expect(Object.keys(answer).sort()).toEqual(['amcNumber', 'beneficiaries', 'careNetwork', 'insurerContract', 'valid', 'validFrom', 'validTo']);
    for (const person of answer.beneficiaries) expect(Object.keys(person).sort()).toEqual(['firstName', 'surName']);
    expect(professional.body).not.toContain(camille.membershipNumber);
    const [audited] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'TP_CARD_VERIFIED')).orderBy(desc(auditEvents.at)).limit(1);
    expect(audited).toMatchObject({ tenantId: 'mutua', details: { insurerContract: 'MUTUA-IND-2024' } });
    const altered = qrPayload.slice(0, -2) + (qrPayload.endsWith('A') ? 'BB' : 'AA');
    const bad = await verify(altered);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({ code: 'TP_CARD_QR_INVALID', message: 'Ce code QR n’est pas valide ou a expiré.' });
  });

  it('verifies a card only on its own insurer’s host: another tenant’s host learns nothing of it', async () => {
    // Signed in again: a day went by in the test before.
    const camilleCard = (await (await signIn(t, camille.loginEmail)).get('/api/tp-card')).json().data.qrPayload as string;
    const leaCard = (await (await signIn(t, lea.loginEmail, { host: 'azur.localhost' })).get('/api/tp-card')).json().data.qrPayload as string;
    expect((await verify(leaCard, 'azur.localhost')).statusCode).toBe(200);
    for (const [payload, host] of [
      [camilleCard, 'azur.localhost'],
      [leaCard, 'localhost'],
    ] as const) {
      const crossed = await verify(payload, host);
      expect(crossed.statusCode).toBe(400);
      expect(crossed.json()).toEqual({ error: { code: 'TP_CARD_QR_INVALID', message: 'Ce code QR n’est pas valide ou a expiré.' } });
    }
  });

  it('names only the persons covered today, refuses the card of a contract that has ended, and limits verifications to 30 a minute from one address', async () => {
    const m = await createTestMember(t);
    const [line] = await t.database.db.select().from(contracts).where(eq(contracts.memberId, m.memberId));
    await t.database.db
      .insert(beneficiaries)
      .values({ memberId: m.memberId, familyPosition: 2, rank: 'CHILD', firstName: 'NOA', surName: 'PARTI', birthDate: '2010-03-01', sex: 'M' });
    await t.database.db.insert(contracts).values({ ...line!, id: undefined, familyPosition: 2, outgoingDate: '2026-11-01' });
    const { qrPayload } = (await (await signIn(t, m.login)).get('/api/tp-card')).json().data;
    // Only the persons covered today: the child whose cover ended is not named.
    const today = await verify(qrPayload);
    expect(today.statusCode).toBe(200);
    expect(today.json().data.beneficiaries).toEqual([{ firstName: 'TEST', surName: expect.any(String) }]);
    expect(today.body).not.toContain('NOA');
    await t.database.db.update(contracts).set({ outgoingDate: '2026-11-01' }).where(eq(contracts.memberId, m.memberId));
    expect((await verify(qrPayload)).json().error.code).toBe('TP_CARD_QR_INVALID');

    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await verify('TP1.nothing', 'localhost', '203.0.113.77')).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it('sends one paper card when two requests with different keys arrive at once', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => client.post('/api/tp-card/paper-resend', undefined, { headers: { 'idempotency-key': crypto.randomUUID() } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const sent = await t.database.db.select({ id: requests.id }).from(requests).where(eq(requests.memberId, m.memberId));
    expect(sent).toHaveLength(1);
  });

  it('sends a paper card once (10018), refuses a second within 30 days with the spec’s message, and allows it after', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const first = await client.post('/api/tp-card/paper-resend');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.state).toBe('received');
    const [request] = await t.database.db.select().from(requests).where(eq(requests.id, first.json().data.requestId));
    expect(request!.typeCode).toBe(10018);
    const card = (await client.get('/api/tp-card')).json().data;
    expect(card.lastPaperResend).toMatchObject({ state: 'received' });
    expect(card.paperResendAllowedFrom).not.toBeNull();
    const before = await n(requests);
    const second = await client.post('/api/tp-card/paper-resend');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'Une carte papier vous a déjà été envoyée au cours des 30 derniers jours. Veuillez patienter avant de renouveler votre demande.',
    );
    const keyed = await client.post('/api/tp-card/paper-resend', undefined, { headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(keyed.statusCode).toBe(409);
    expect(await n(requests)).toBe(before);
  });

  it('has no card for a member whose contracts are all finished', async () => {
    const m = await createTestMember(t);
    await t.database.db.update(contracts).set({ outgoingDate: '2025-12-31' }).where(eq(contracts.memberId, m.memberId));
    const client = await signIn(t, m.login);
    const res = await client.get('/api/tp-card');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Votre carte de tiers payant est indisponible.');
  });
});

describe('Apple Wallet pass and the PassKit web service', () => {
  const unzip = (zip: Buffer) => {
    const dir = `/tmp/pkpass-${process.pid}-${Date.now()}`;
    writeFileSync(`${dir}.zip`, zip);
    execFileSync('unzip', ['-q', '-o', `${dir}.zip`, '-d', dir]);
    return dir;
  };
  const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex');
  const device = (token: string | null): Record<string, string> => (token ? { host: 'localhost', authorization: `ApplePass ${token}` } : { host: 'localhost' });
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('builds a signed pass with the principal insured, NIR, validity start, beneficiaries; the web service follows Apple’s protocol; a new beneficiary moves the pass and pushes the device', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const res = await client.get('/api/tp-card/wallet.pkpass');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.apple.pkpass');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const dir = unzip(res.rawPayload);
    const pass = JSON.parse(readFileSync(`${dir}/pass.json`, 'utf8'));
    const manifest = JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8')) as Record<string, string>;
    for (const file of ['pass.json', 'icon.png']) expect(manifest[file]).toBe(sha1(readFileSync(`${dir}/${file}`)));
    // The signature (PKCS#7, DER) signs the manifest.
    execFileSync(
      'openssl',
      ['smime', '-verify', '-noverify', '-inform', 'DER', '-in', `${dir}/signature`, '-content', `${dir}/manifest.json`, '-out', '/dev/null'],
      { stdio: 'pipe' },
    );
    expect(pass.webServiceURL).toBe('http://localhost/api/wallet');
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    const [principal] = await t.database.db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.memberId, m.memberId), eq(beneficiaries.familyPosition, 1)));
    const fields = [...pass.generic.primaryFields, ...pass.generic.secondaryFields, ...pass.generic.backFields] as { key: string; value: string }[];
    const field = (key: string) => fields.find((f) => f.key === key)?.value;
    expect(field('principal')?.toLowerCase()).toBe(`${principal!.firstName} ${principal!.surName}`.toLowerCase());
    // The NIR is stored encrypted: the pass shows it in clear.
    const nir = await openNir(t.database.db, 'mutua', 'beneficiaries', principal!.id, principal!.nir);
    expect(principal!.nir).not.toBe(nir);
    expect(field('nir')).toContain(nir);
    expect(field('validFrom')).toMatch(/2026/);
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR' });
    const token = pass.authenticationToken as string;
    const serial = pass.serialNumber as string;
    const passType = pass.passTypeIdentifier as string;
    // Stored hashed only.
    const [row] = await t.database.db.select().from(walletPasses).where(eq(walletPasses.serialNumber, serial));
    expect(JSON.stringify(row)).not.toContain(token);

    const registration = `/api/wallet/v1/devices/device-1/registrations/${passType}/${serial}`;
    expect((await inject('POST', registration, device(null), { pushToken: 'push-1' })).statusCode).toBe(401);
    expect((await inject('POST', registration, device('x'.repeat(32)), { pushToken: 'push-1' })).statusCode).toBe(401);
    expect((await inject('POST', registration, device(token), {})).statusCode).toBe(400);
    expect((await inject('POST', registration, device(token), { pushToken: 'push-1' })).statusCode).toBe(201);
    expect((await inject('POST', registration, device(token), { pushToken: 'push-1' })).statusCode).toBe(200);

    // Another member's token does not open this serial.
    const other = await createTestMember(t);
    const otherPass = await (await signIn(t, other.login)).get('/api/tp-card/wallet.pkpass');
    const otherToken = JSON.parse(readFileSync(`${unzip(otherPass.rawPayload)}/pass.json`, 'utf8')).authenticationToken as string;
    expect((await inject('GET', `/api/wallet/v1/passes/${passType}/${serial}`, device(otherToken))).statusCode).toBe(401);

    const list = await inject('GET', `/api/wallet/v1/devices/device-1/registrations/${passType}`, device(null));
    expect(list.statusCode).toBe(200);
    expect(list.json().serialNumbers).toEqual([serial]);
    const tag = list.json().lastUpdated as string;
    expect((await inject('GET', `/api/wallet/v1/devices/device-1/registrations/${passType}?passesUpdatedSince=${tag}`, device(null))).statusCode).toBe(204);

    const latest = await inject('GET', `/api/wallet/v1/passes/${passType}/${serial}`, device(token));
    expect(latest.statusCode).toBe(200);
    const lastModified = latest.headers['last-modified'] as string;
    expect(lastModified).toBeTruthy();
    expect((await inject('GET', `/api/wallet/v1/passes/${passType}/${serial}`, { ...device(token), 'if-modified-since': lastModified })).statusCode).toBe(304);

    // The insurer accepts a new beneficiary: the member's pass moves, the device is told.
    const push = passPushNotifierFor(t.database.db, { WALLET_APNS_HOST: undefined } as never, null);
    await pushPassUpdates(t.database.db, push, t.clock.now());
    const before = recordedPasses(t.database.db)!.length;
    const [contract] = await t.database.db.select().from(contracts).where(eq(contracts.memberId, m.memberId)).limit(1);
    await t.database.db
      .insert(beneficiaries)
      .values({ memberId: m.memberId, familyPosition: 9, rank: 'CHILD', firstName: 'Nina', surName: principal!.surName, birthDate: '2026-06-01', sex: 'F' });
    await t.database.db.insert(contracts).values({ ...contract!, id: undefined, familyPosition: 9 });
    const changed = await inject('GET', `/api/wallet/v1/devices/device-1/registrations/${passType}?passesUpdatedSince=${tag}`, device(null));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().serialNumbers).toEqual([serial]);
    expect(Number(changed.json().lastUpdated)).toBeGreaterThan(Number(tag));
    expect(await pushPassUpdates(t.database.db, push, t.clock.now())).toBe(1);
    expect(recordedPasses(t.database.db)!.slice(before)).toEqual([{ pushToken: 'push-1', passTypeId: passType }]);
    const updated = await inject('GET', `/api/wallet/v1/passes/${passType}/${serial}`, { ...device(token), 'if-modified-since': lastModified });
    expect(updated.statusCode).toBe(200);
    const updatedPass = JSON.parse(readFileSync(`${unzip(updated.rawPayload)}/pass.json`, 'utf8'));
    expect(updatedPass.generic.backFields.find((f: { key: string }) => f.key === 'beneficiaries').value).toContain('Nina');
    expect(updatedPass.authenticationToken).toBe(token);

    expect((await inject('POST', '/api/wallet/v1/log', device(null), { logs: ['Web service error'] })).statusCode).toBe(200);
    expect((await inject('DELETE', registration, device('y'.repeat(32)))).statusCode).toBe(401);
    expect((await inject('DELETE', registration, device(token))).statusCode).toBe(200);
    expect((await inject('GET', `/api/wallet/v1/devices/device-1/registrations/${passType}`, device(null))).statusCode).toBe(204);
  });

  /** A member's pass downloaded and registered on a device; its web-service calls on `host`. */
  async function registeredPass(deviceId: string) {
    const m = await createTestMember(t);
    const pass = JSON.parse(readFileSync(`${unzip((await (await signIn(t, m.login)).get('/api/tp-card/wallet.pkpass')).rawPayload)}/pass.json`, 'utf8'));
    const {
      authenticationToken: token,
      serialNumber: serial,
      passTypeIdentifier: passType,
    } = pass as { authenticationToken: string; serialNumber: string; passTypeIdentifier: string };
    expect(
      (await inject('POST', `/api/wallet/v1/devices/${deviceId}/registrations/${passType}/${serial}`, device(token), { pushToken: `push-${deviceId}` }))
        .statusCode,
    ).toBe(201);
    return { m, pass, token, serial, passType };
  }
  const onHost = (host: string, token: string | null) => ({ ...device(token), host });

  it('answers the web service on the pass’s own tenant only, and sends the pass no-store', async () => {
    const { token, serial, passType } = await registeredPass('device-tenant');
    const listing = `/api/wallet/v1/devices/device-tenant/registrations/${passType}`;
    expect((await inject('GET', listing, device(null))).json().serialNumbers).toEqual([serial]);
    // Another insurer's host knows neither the device's serials nor the pass.
    expect((await inject('GET', listing, onHost('azur.localhost', null))).statusCode).toBe(204);
    expect((await inject('GET', `/api/wallet/v1/passes/${passType}/${serial}`, onHost('azur.localhost', token))).statusCode).toBe(401);
    expect((await inject('DELETE', `${listing}/${serial}`, onHost('azur.localhost', token))).statusCode).toBe(401);
    const latest = await inject('GET', `/api/wallet/v1/passes/${passType}/${serial}`, device(token));
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['cache-control']).toBe('no-store');
  });

  it('gives each download of the pass its own working token, even downloads at the same time (the last five kept)', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const download = async () =>
      JSON.parse(readFileSync(`${unzip((await client.get('/api/tp-card/wallet.pkpass')).rawPayload)}/pass.json`, 'utf8')) as {
        authenticationToken: string;
        serialNumber: string;
        passTypeIdentifier: string;
      };
    const first = await download();
    const parallel = await Promise.all([download(), download(), download(), download()]);
    expect(new Set(parallel.map((p) => p.serialNumber))).toEqual(new Set([first.serialNumber]));
    const passUrl = `/api/wallet/v1/passes/${first.passTypeIdentifier}/${first.serialNumber}`;
    for (const pass of [first, ...parallel]) expect((await inject('GET', passUrl, device(pass.authenticationToken))).statusCode).toBe(200);
    const latest = [await download()];
    expect((await inject('GET', passUrl, device(first.authenticationToken))).statusCode).toBe(401);
    for (const pass of [...parallel, ...latest]) expect((await inject('GET', passUrl, device(pass.authenticationToken))).statusCode).toBe(200);
  });

  it('keeps the pass presentable: its QR still verifies 25 hours later, and at the new year the device is pushed a new card', async () => {
    const { pass, token, serial, passType } = await registeredPass('device-clock');
    const verify = (payload: string) => t.app.inject({ method: 'POST', url: '/api/tp-card/verify', headers: { host: 'localhost' }, payload: { payload } });
    const qr = pass.barcodes[0].message as string;
    t.clock.advance(25 * 3_600_000);
    const dayAfter = await verify(qr);
    expect(dayAfter.statusCode, dayAfter.body).toBe(200);
    expect(dayAfter.json().data).toMatchObject({ valid: true, validTo: '2026-12-31' });

    // Nothing changed: the device keeps the pass it has.
    const served = await inject('GET', `/api/wallet/v1/passes/${passType}/${serial}`, device(token));
    const ifModifiedSince = { ...device(token), 'if-modified-since': served.headers['last-modified'] as string };
    expect((await inject('GET', `/api/wallet/v1/passes/${passType}/${serial}`, ifModifiedSince)).statusCode).toBe(304);

    // 1 January: last year's card is over. A device asking before the sweep already gets the new card;
    // the sweep moves the pass and pushes the device.
    t.clock.advance(Date.parse('2027-01-01T08:00:00Z') - t.clock.now().getTime());
    expect((await verify(qr)).json().error.code).toBe('TP_CARD_QR_INVALID');
    const renewed = await inject('GET', `/api/wallet/v1/passes/${passType}/${serial}`, ifModifiedSince);
    expect(renewed.statusCode).toBe(200);
    const push = passPushNotifierFor(t.database.db, { WALLET_APNS_HOST: undefined } as never, null);
    const before = recordedPasses(t.database.db)!.length;
    await pushPassUpdates(t.database.db, push, t.clock.now());
    expect(recordedPasses(t.database.db)!.slice(before)).toContainEqual({ pushToken: 'push-device-clock', passTypeId: passType });
    const next = JSON.parse(readFileSync(`${unzip(renewed.rawPayload)}/pass.json`, 'utf8'));
    const newYear = await verify(next.barcodes[0].message);
    expect(newYear.statusCode, newYear.body).toBe(200);
    expect(newYear.json().data.validTo).toBe('2027-12-31');
  });
});
