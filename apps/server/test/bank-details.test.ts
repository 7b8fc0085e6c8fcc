// Long because it covers every bank-details route (refund account, SEPA mandate, signature, callback) with its bad inputs and access control, on shared signed-in clients.
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BANK_DETAILS_TEXTS, IBAN_MESSAGES, mandateStandardText } from '@mutua/contracts/bank-details';
import { ERRORS } from '@mutua/contracts/errors';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { validateCreditorID } from 'sepa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  bankAccounts,
  bankDetailsChanges,
  contacts,
  requestMessages,
  requests,
  sepaCreditors,
  sepaMandates,
  sessions,
  signatureEvidence,
  storedFiles,
} from '../src/db/schema';
import { registerSignatureProvider, type ProcedureStart } from '../src/modules/bank-details/public';
import { DEMO_ACCOUNTS, createTestMember, outbox, signIn, type AuthClient } from './support/auth';
import { multipart, samplePdf, type Part } from './support/documents-fixtures';
import { captureLog, createTestApp, type ClockedTestApp } from './support/test-app';
import { bankAccountsOf, insertBankAccount } from './support/protected-rows';
import { pdfText } from './support/pdf-text';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NEW_IBAN = 'FR3330002005500000157841Z25';
const CAMILLE_IBAN = 'FR7630004000031234567890143';

let t: ClockedTestApp;
let log: ReturnType<typeof captureLog>;
beforeAll(async () => {
  log = captureLog();
  t = await createTestApp({ clock: 'manual', logStream: log.stream });
});
afterAll(() => t.close());

const db = () => t.database.db;
let ribPdf: Buffer;
beforeAll(async () => {
  ribPdf = await samplePdf('RIB', ['IBAN FR33 3000 2005 5000 0015 7841 Z25']);
});
const rib = (): Part => ({ name: 'attachments', filename: 'rib.pdf', content: ribPdf, contentType: 'application/pdf' });

function sendChange(client: AuthClient, fields: Record<string, string>, files: Part[] = [rib()], headers: Record<string, string> = {}) {
  const body = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files]);
  return client.post('/api/bank-details/changes', body.payload, { headers: { ...body.headers, ...headers } });
}

async function totals() {
  const [c] = await db().select({ n: count() }).from(bankDetailsChanges);
  const [r] = await db().select({ n: count() }).from(requests);
  const [m] = await db().select({ n: count() }).from(sepaMandates);
  return { changes: c!.n, requests: r!.n, mandates: m!.n };
}

let mobileCounter = 0;
/** A member whose mobile was confirmed `confirmedAgoMs` ago (null: never confirmed). */
async function signer(confirmedAgoMs: number | null = 48 * HOUR) {
  const m = await createTestMember(t);
  const mobile = `07${String(10_000_000 + ++mobileCounter * 7919 + Math.floor(Math.random() * 1000)).slice(0, 8)}`;
  await db()
    .update(contacts)
    .set({ mobileNumber: mobile, mobileConfirmedAt: confirmedAgoMs === null ? null : new Date(t.clock.now().getTime() - confirmedAgoMs) })
    .where(eq(contacts.memberId, m.memberId));
  const client = await signIn(t, m.login);
  return { ...m, mobile, client };
}

async function smsCode(mobile: string): Promise<string> {
  const sms = (await outbox(t, { kind: 'MANDATE_SIGNATURE_CODE' })).find((s) => s.to === mobile || s.to === `+33${mobile.slice(1)}`);
  const code = sms?.text.match(/ est (\d{6})\./)?.[1];
  if (!code) throw new Error(`no signature code for ${mobile}`);
  return code;
}

const tmp = mkdtempSync(path.join(tmpdir(), 'mandate-'));
function pdfsig(pdf: Buffer, name: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, pdf);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}
const pdftotext = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

describe('GET /api/bank-details', () => {
  it('answers the accounts masked but for the last 4 characters, each beneficiary’s own or « identique », no mandate yet', async () => {
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
    const res = await camille.get('/api/bank-details');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(res.body).not.toContain('3000400003123456789');
    expect(data.contribution).toEqual(
      expect.objectContaining({
        holder: 'Camille Durand',
        bankName: 'BNP Paribas',
        ibanMasked: 'FR76 •••• •••• •••• 0143',
        ibanLast4: '0143',
        bic: 'BNPAFRPPXXX',
      }),
    );
    expect(data.refund.ibanLast4).toBe('0143');
    expect(data.beneficiaries.map((b: { familyPosition: number; sameAsMain: boolean }) => [b.familyPosition, b.sameAsMain])).toEqual([
      [2, true],
      [3, false],
      [4, true],
    ]);
    expect(data.beneficiaries[1].account.bankName).toBe('La Banque Postale');
    expect(data.mandate).toBeNull();
    expect(data.contributionsDebited).toBe(true);
  });

  it('seeds every demo tenant as a creditor with a valid ICS', async () => {
    const creditors = await db().select().from(sepaCreditors);
    expect(creditors.length).toBeGreaterThanOrEqual(2);
    for (const c of creditors) expect(validateCreditorID(c.ics), c.ics).toBe(true);
  });
});

describe('POST /api/bank-details/changes (refund account)', () => {
  it('refuses bad input with a French message per fault, and stores nothing', async () => {
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
    const before = await totals();
    const cases: [Record<string, string>, string][] = [
      [{ target: 'refund', holder: 'Camille Durand', iban: 'FR7730004000031234567890143' }, IBAN_MESSAGES.checksum],
      [{ target: 'refund', holder: 'Camille Durand', iban: 'FR76300040000312345678' }, IBAN_MESSAGES.length],
      [{ target: 'refund', holder: 'Camille Durand', iban: 'FR7330003012340001234567811' }, IBAN_MESSAGES.ribKey],
      [{ target: 'refund', holder: 'C', iban: NEW_IBAN }, 'Veuillez saisir le titulaire du compte (2 à 70 caractères).'],
      [
        { target: 'refund', holder: 'Camille Durand', iban: NEW_IBAN, bic: 'COBADEFFXXX' },
        'Le BIC compte 8 ou 11 caractères (par exemple BNPAFRPP) et correspond au pays de l’IBAN.',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await sendChange(camille, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const noDoc = await sendChange(camille, { target: 'refund', holder: 'Camille Durand', iban: NEW_IBAN }, []);
    expect(noDoc.json().error.code).toBe('BANK_DOCUMENT_REQUIRED');
    const unknownPerson = await sendChange(camille, { target: 'refund', familyPosition: '9', holder: 'Camille Durand', iban: NEW_IBAN });
    expect(unknownPerson.statusCode).toBe(404);
    // The current IBAN, typed with spaces and in lower case.
    const same = await sendChange(camille, { target: 'refund', holder: 'Camille Durand', iban: 'fr76 3000 4000 0312 3456 7890 143' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toEqual({ code: 'BANK_IBAN_IN_USE', message: ERRORS.BANK_IBAN_IN_USE.message });
    // A beneficiary paid on the main insured's account: that IBAN is theirs too.
    const sameForThomas = await sendChange(camille, { target: 'refund', familyPosition: '2', holder: 'Thomas Durand', iban: CAMILLE_IBAN });
    expect(sameForThomas.json().error.code).toBe('BANK_IBAN_IN_USE');
    // With a submission key (as the web app sends), the check runs inside the submission: same answer.
    const keyed = await sendChange(camille, { target: 'refund', familyPosition: '2', holder: 'Thomas Durand', iban: CAMILLE_IBAN }, [rib()], {
      'Idempotency-Key': 'rib-same-0001',
    });
    expect(keyed.statusCode).toBe(409);
    expect(keyed.json().error.code).toBe('BANK_IBAN_IN_USE');
    expect(await totals()).toEqual(before);
  });

  it('asks to change a beneficiary’s refund account: a 10032 request with the document, being checked (the account in force unchanged), sent once per key, one at a time', async () => {
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
    const key = { 'Idempotency-Key': 'rib-thomas-0001' };
    const res = await sendChange(
      camille,
      { target: 'refund', familyPosition: '2', holder: 'Thomas Durand', iban: 'FR33 3000 2005 5000 0015 7841 Z25' },
      [rib()],
      key,
    );
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.status).toBe('REQUEST_SENT');
    const again = await sendChange(camille, { target: 'refund', familyPosition: '2', holder: 'Thomas Durand', iban: NEW_IBAN }, [rib()], key);
    expect(again.json().data).toEqual(data);

    const [request] = await db().select().from(requests).where(eq(requests.id, data.requestId));
    expect(request!.typeCode).toBe(10032);
    const [message] = await db().select().from(requestMessages).where(eq(requestMessages.requestId, data.requestId));
    expect(message!.body).not.toContain('3000200550000015784');
    const files = await db().select().from(storedFiles).where(eq(storedFiles.requestId, data.requestId));
    expect(files.map((f) => f.contentType)).toEqual(['application/pdf']);
    const changes = await db().select().from(bankDetailsChanges).where(eq(bankDetailsChanges.requestId, data.requestId));
    expect(changes.map((c) => [c.status, c.closedAt])).toEqual([['REQUEST_SENT', null]]);

    // Thomas is still paid on Camille's account; the change shows as being checked, masked.
    const details = (await camille.get('/api/bank-details')).json().data;
    expect(details.beneficiaries[0]).toEqual(expect.objectContaining({ familyPosition: 2, sameAsMain: true, account: null }));
    expect(details.beneficiaries[0].pending).toEqual({
      changeId: data.changeId,
      requestId: data.requestId,
      holder: 'Thomas Durand',
      bankName: 'LCL',
      ibanMasked: 'FR33 •••• •••• •••• 1Z25',
      ibanLast4: '1Z25',
      sentOn: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(t.clock.now()),
    });
    expect(details.pendingRefund).toBeNull();
    expect(JSON.stringify(details)).not.toContain('3000200550000015784');
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.kind, 'BANK_DETAILS_CHANGE_REQUESTED')).orderBy(desc(auditEvents.at)).limit(1);
    expect(JSON.stringify(audit!.details)).not.toContain(NEW_IBAN);

    // While it is being checked: the same IBAN is « already in use », another one waits (French 409s), nothing stored.
    const before = await totals();
    const samePending = await sendChange(camille, { target: 'refund', familyPosition: '2', holder: 'Thomas Durand', iban: NEW_IBAN }, [rib()], {
      'Idempotency-Key': 'rib-thomas-0002',
    });
    expect(samePending.statusCode).toBe(409);
    expect(samePending.json().error).toEqual({ code: 'BANK_IBAN_IN_USE', message: BANK_DETAILS_TEXTS.ibanPending });
    const other = await sendChange(camille, { target: 'refund', familyPosition: '2', holder: 'Thomas Durand', iban: 'FR1420041010050500013M02606' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toEqual({ code: 'BANK_CHANGE_PENDING', message: ERRORS.BANK_CHANGE_PENDING.message });
    const otherKeyed = await sendChange(
      camille,
      { target: 'refund', familyPosition: '2', holder: 'Thomas Durand', iban: 'FR1420041010050500013M02606' },
      [rib()],
      { 'Idempotency-Key': 'rib-thomas-0003' },
    );
    expect(otherKeyed.json().error.code).toBe('BANK_CHANGE_PENDING');
    expect(await totals()).toEqual(before);
    const refusals = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'BANK_DETAILS_REFUSED'), eq(auditEvents.memberId, request!.memberId)));
    expect(refusals.map((r) => (r.details as { reason: string }).reason)).toEqual(expect.arrayContaining(['IBAN_IN_USE', 'CHANGE_PENDING']));
    // Another person's change is not held up by Thomas's.
    expect((await camille.get('/api/bank-details')).json().data.beneficiaries[2].pending).toBeNull();
  });

  it('sends the main insured’s refund change as a 10023 request; the account in force (and the global details’ RIB) stays the old one', async () => {
    const m = await signer();
    await insertBankAccount(db(), {
      memberId: m.memberId,
      usage: 'refund',
      familyPosition: 1,
      holder: 'Test Membre',
      iban: CAMILLE_IBAN,
      bic: 'BNPAFRPPXXX',
      bankName: 'BNP Paribas',
      updatedAt: t.clock.now(),
    });
    const res = await sendChange(m.client, { target: 'refund', holder: 'Test Membre', iban: NEW_IBAN, bic: 'CRLYFRPP' });
    expect(res.statusCode, res.body).toBe(201);
    const [request] = await db().select().from(requests).where(eq(requests.id, res.json().data.requestId));
    expect(request!.typeCode).toBe(10023);
    const details = (await m.client.get('/api/bank-details')).json().data;
    expect(details.refund).toMatchObject({ ibanLast4: '0143', bic: 'BNPAFRPPXXX' });
    expect(details.pendingRefund).toMatchObject({ ibanLast4: '1Z25', bankName: 'LCL', holder: 'Test Membre' });
    const info = (await m.client.get('/api/all-info')).json().data;
    expect(info.insured.ribInformations.rib).toMatchObject({ ibanLast4: '0143' });
    const account = (await bankAccountsOf(db(), m.memberId)).find((a) => a.usage === 'refund');
    expect(account!.iban).toBe(CAMILLE_IBAN);
    // The database keeps one change being checked per person, whatever two simultaneous calls do.
    const [pending] = await db().select().from(bankDetailsChanges).where(eq(bankDetailsChanges.memberId, m.memberId));
    const { id: _id, ...copy } = pending!;
    await expect(
      db()
        .insert(bankDetailsChanges)
        .values({ ...copy, iban: 'FR1420041010050500013M02606', requestId: null }),
    ).rejects.toThrow();
    await db()
      .insert(bankDetailsChanges)
      .values({ ...copy, familyPosition: 2, requestId: null });
  });
});

describe('contribution account: the SEPA mandate signed by SMS code', () => {
  it('is refused without a confirmed mobile, or one changed in the last 24 hours', async () => {
    for (const ago of [null, 2 * HOUR]) {
      const m = await signer(ago);
      const before = await totals();
      const res = await sendChange(m.client, { target: 'contribution', holder: 'Test Membre', iban: NEW_IBAN });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('SIGNATURE_MOBILE_UNAVAILABLE');
      expect(await totals()).toEqual(before);
    }
  });

  it('shows the whole mandate, sends the code by SMS, refuses wrong and expired codes, signs, seals and keeps the evidence', async () => {
    const m = await signer();
    const created = await sendChange(m.client, { target: 'contribution', holder: 'Test Membre', iban: NEW_IBAN }, [rib()], { 'user-agent': 'MandateTest/1.0' });
    expect(created.statusCode, created.body).toBe(201);
    const change = created.json().data;
    expect(change.status).toBe('AWAITING_SIGNATURE');
    expect(change.signature).toEqual({ kind: 'inline' });
    expect(change.mobile).toBe(`${m.mobile.slice(0, 2)} ** ** ** ${m.mobile.slice(-2)}`);
    const mandate = change.mandate;
    expect(mandate.title).toBe('Mandat de prélèvement SEPA');
    expect(mandate.rum).toMatch(new RegExp(`^MUTUA-${m.membershipNumber}-\\d{8}-[0-9A-F]{6}$`));
    expect(mandate.creditor).toEqual({ name: 'Mutua Santé', address: '10 rue de la Mutualité, 75005 Paris, France', ics: 'FR72ZZZ123456' });
    expect(mandate.debtor).toEqual({ name: 'Test Membre', address: '1 rue du Test, 75001 Paris, France', iban: NEW_IBAN, bic: 'CRLYFRPPXXX', bankName: 'LCL' });
    expect(mandate.paymentType).toBe('Paiement récurrent / répétitif');
    expect(mandate.standardText).toBe(mandateStandardText('Mutua Santé'));

    // The mandate shown, as a PDF: its bytes are the ones whose SHA-256 the evidence keeps.
    const preview = await m.client.get(`/api/bank-details/changes/${change.changeId}/mandate.pdf`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const previewText = pdftotext(preview.rawPayload);
    for (const piece of [
      'Mandat de prélèvement SEPA',
      mandate.rum,
      'FR72ZZZ123456',
      'FR33 3000 2005 5000 0015 7841 Z25',
      'Paiement récurrent',
      'dans les 8 semaines',
    ])
      expect(previewText).toContain(piece.replace(/\s+/g, ' '));

    // Signing before any code; then the code, sent to the registered mobile only.
    expect((await m.client.post(`/api/bank-details/changes/${change.changeId}/sign`, { code: '000000', place: 'Lyon', consent: true })).json().error.code).toBe(
      'MFA_CODE_UNKNOWN',
    );
    const sent = await m.client.post(`/api/bank-details/changes/${change.changeId}/code`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.mobile).toBe(change.mobile);
    const first = await smsCode(m.mobile);
    const tooSoon = await m.client.post(`/api/bank-details/changes/${change.changeId}/code`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('MFA_RESEND_TOO_SOON');

    // Consent and place are required; a wrong code says « Code erroné » and changes nothing.
    expect((await m.client.post(`/api/bank-details/changes/${change.changeId}/sign`, { code: first, place: 'Lyon', consent: false })).statusCode).toBe(400);
    const wrong = await m.client.post(`/api/bank-details/changes/${change.changeId}/sign`, {
      code: first === '111111' ? '222222' : '111111',
      place: 'Lyon',
      consent: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'MFA_CODE_WRONG', message: 'Code erroné' });
    // Expired: the code lives 10 minutes.
    t.clock.advance(11 * MINUTE);
    const expired = await m.client.post(`/api/bank-details/changes/${change.changeId}/sign`, { code: first, place: 'Lyon', consent: true });
    expect(expired.json().error).toEqual({ code: 'MFA_CODE_EXPIRED', message: 'Code Expiré' });
    expect((await m.client.get('/api/bank-details')).json().data.contribution).toBeNull();

    expect((await m.client.post(`/api/bank-details/changes/${change.changeId}/code`)).statusCode).toBe(200);
    const code = await smsCode(m.mobile);
    const signed = await m.client.post(
      `/api/bank-details/changes/${change.changeId}/sign`,
      { code, place: 'Lyon', consent: true },
      { headers: { 'user-agent': 'MandateTest/1.0' } },
    );
    expect(signed.statusCode, signed.body).toBe(201);
    const result = signed.json().data;
    expect(result.rum).toBe(mandate.rum);
    // Signed once: the same code again is refused.
    expect((await m.client.post(`/api/bank-details/changes/${change.changeId}/sign`, { code, place: 'Lyon', consent: true })).json().error.code).toBe(
      'SIGNATURE_CLOSED',
    );

    const details = (await m.client.get('/api/bank-details')).json().data;
    expect(details.contribution).toEqual(expect.objectContaining({ holder: 'Test Membre', ibanLast4: '1Z25', bankName: 'LCL' }));
    expect(details.mandate).toEqual(expect.objectContaining({ id: result.mandateId, rum: mandate.rum, place: 'Lyon', signedAt: result.signedAt }));

    // The signed PDF: the mandate's text with the signature block, and a seal that verifies.
    const pdf = await m.client.get(`/api/mandates/${result.mandateId}/signed.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`mandat-sepa-${mandate.rum}-signe.pdf`);
    const signedPdf = pdf.rawPayload;
    const text = pdftotext(signedPdf);
    for (const piece of [
      'Mandat de prélèvement SEPA',
      mandate.rum,
      'Mutua Santé',
      'FR72ZZZ123456',
      'Test Membre',
      'Signé à\u00a0: Lyon',
      'code à usage unique envoyé par SMS',
      'vous autorisez (A) Mutua Santé',
    ])
      expect(text).toContain(piece.replace(/\s+/g, ' '));
    const verified = pdfsig(signedPdf, 'signed-check.pdf');
    expect(verified).toContain('Signature is Valid');
    expect(verified).toContain('ETSI.CAdES.detached');
    // Tamper one byte of the signed content (inside the first signed range): the seal breaks.
    const tampered = Buffer.from(signedPdf);
    const at = tampered.indexOf('Lyon');
    tampered[at] = 'M'.charCodeAt(0);
    const broken = pdfsig(tampered, 'tampered.pdf');
    expect(broken).not.toContain('Signature is Valid');
    expect(broken).toMatch(/Digest Mismatch|Signature is Invalid/);

    // The evidence file.
    const [row] = await db().select().from(signatureEvidence).where(eq(signatureEvidence.mandateId, result.mandateId));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document read field by field
    const evidence = row!.evidence as Record<string, any>;
    const [stored] = await db().select().from(bankDetailsChanges).where(eq(bankDetailsChanges.id, change.changeId));
    expect(evidence.procedureId).toBe(stored!.procedureId);
    expect(evidence.signer).toEqual(expect.objectContaining({ memberId: m.memberId, membershipNumber: m.membershipNumber, holder: 'Test Membre' }));
    expect(evidence.phone).toBe(m.mobile);
    expect(evidence.ip).toBe(m.client.ip);
    expect(evidence.userAgent).toBe('MandateTest/1.0');
    expect(evidence.document.presentedSha256).toBe(stored!.mandateSha256);
    expect(evidence.document.presentedSha256).toBe(sha256(preview.rawPayload));
    expect(evidence.document.signedSha256).toBe(sha256(signedPdf));
    expect(evidence.code.sentAt).toEqual(expect.any(String));
    expect(evidence.code.validatedAt).toBe(result.signedAt);
    expect(evidence.consent).toEqual(expect.objectContaining({ action: '« Je signe »', place: 'Lyon' }));
    expect(evidence.events.map((e: { event: string }) => e.event)).toEqual([
      'MANDATE_PRESENTED',
      'CODE_SENT',
      'CODE_WRONG',
      'CODE_REFUSED',
      'CODE_SENT',
      'CODE_VALIDATED',
      'CONSENT',
      'SIGNED',
    ]);

    // The mandate request (12) for the management centre, with the signed mandate and the bank details document.
    const [request] = await db().select().from(requests).where(eq(requests.id, result.requestId));
    expect(request!.typeCode).toBe(12);
    const files = await db()
      .select({ name: storedFiles.name })
      .from(storedFiles)
      .where(eq(storedFiles.requestId, result.requestId))
      .orderBy(asc(storedFiles.createdAt));
    expect(files.map((f) => f.name)).toEqual([`mandat-sepa-${mandate.rum}.pdf`, 'rib.pdf']);

    // Audited every step; the IBAN never in the log or the audit.
    const kinds = (
      await db().select({ kind: auditEvents.kind, details: auditEvents.details }).from(auditEvents).where(eq(auditEvents.memberId, m.memberId))
    ).map((a) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(['MANDATE_PRESENTED', 'MANDATE_CODE_SENT', 'MANDATE_SIGNATURE_REFUSED', 'MANDATE_SIGNED']));
    const audits = JSON.stringify(await db().select().from(auditEvents).where(eq(auditEvents.memberId, m.memberId)));
    expect(audits).not.toContain(NEW_IBAN);
    expect(log.lines.join('\n')).not.toContain(NEW_IBAN);
    expect(log.lines.join('\n')).not.toContain('3000200550000015784');
  });

  it('blocks the signature after five wrong codes (the right code then refused too)', async () => {
    const m = await signer();
    const change = (await sendChange(m.client, { target: 'contribution', holder: 'Test Membre', iban: NEW_IBAN })).json().data;
    await m.client.post(`/api/bank-details/changes/${change.changeId}/code`);
    const code = await smsCode(m.mobile);
    const wrongCode = code === '999999' ? '999998' : '999999';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (await m.client.post(`/api/bank-details/changes/${change.changeId}/sign`, { code: wrongCode, place: 'Nantes', consent: true })).json().error.code,
      );
    expect(answers).toEqual(['MFA_CODE_WRONG', 'MFA_CODE_WRONG', 'MFA_CODE_WRONG', 'MFA_CODE_WRONG', 'MFA_BLOCKED']);
    const right = await m.client.post(`/api/bank-details/changes/${change.changeId}/sign`, { code, place: 'Nantes', consent: true });
    expect(right.json().error.code).toBe('MFA_BLOCKED');
    expect((await m.client.post(`/api/bank-details/changes/${change.changeId}/code`)).json().error.code).toBe('MFA_BLOCKED');
    expect((await db().select({ n: count() }).from(sepaMandates).where(eq(sepaMandates.memberId, m.memberId)))[0]!.n).toBe(0);
    expect(
      (
        await db()
          .select()
          .from(bankAccounts)
          .where(and(eq(bankAccounts.memberId, m.memberId), eq(bankAccounts.usage, 'contribution')))
      ).length,
    ).toBe(0);
  });
});

describe('access control', () => {
  it('never shows or signs another member’s change or mandate (404 + audit), refuses read-only sessions', async () => {
    const a = await signer();
    const change = (await sendChange(a.client, { target: 'contribution', holder: 'Test Membre', iban: NEW_IBAN })).json().data;
    await a.client.post(`/api/bank-details/changes/${change.changeId}/code`);
    const signed = (
      await a.client.post(`/api/bank-details/changes/${change.changeId}/sign`, { code: await smsCode(a.mobile), place: 'Paris', consent: true })
    ).json().data;

    const b = await signer();
    expect((await b.client.get(`/api/bank-details/changes/${change.changeId}/mandate.pdf`)).statusCode).toBe(404);
    expect((await b.client.post(`/api/bank-details/changes/${change.changeId}/code`)).statusCode).toBe(404);
    expect((await b.client.post(`/api/bank-details/changes/${change.changeId}/sign`, { code: '123456', place: 'Paris', consent: true })).statusCode).toBe(404);
    expect((await b.client.get(`/api/mandates/${signed.mandateId}/signed.pdf`)).statusCode).toBe(404);
    expect((await b.client.get('/api/bank-details')).json().data.mandate).toBeNull();
    const denials = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.memberId, b.memberId), eq(auditEvents.kind, 'RESOURCE_ACCESS_DENIED')));
    expect(denials.length).toBeGreaterThanOrEqual(4);

    // B's pending refund change: never in A's banking data.
    expect((await sendChange(b.client, { target: 'refund', holder: 'Test Membre', iban: 'FR1420041010050500013M02606' })).statusCode).toBe(201);
    expect((await b.client.get('/api/bank-details')).json().data.pendingRefund).toMatchObject({ ibanLast4: '2606' });
    expect((await a.client.get('/api/bank-details')).json().data.pendingRefund).toBeNull();

    await db().update(sessions).set({ isBoAuthentication: true }).where(eq(sessions.memberId, a.memberId));
    expect((await a.client.get('/api/bank-details')).statusCode).toBe(200);
    expect((await sendChange(a.client, { target: 'refund', holder: 'Test Membre', iban: CAMILLE_IBAN })).statusCode).toBe(403);
    expect((await a.client.post(`/api/bank-details/changes/${change.changeId}/code`)).statusCode).toBe(403);
  });
});

describe('a remote signature provider (redirect and callback)', () => {
  const SECRET = 'fake-partner-secret';
  const started: ProcedureStart[] = [];
  const signBody = (payload: object, secret = SECRET) => {
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { payload: encoded, signature: createHmac('sha256', secret).update(encoded).digest('hex') };
  };
  beforeAll(() => {
    registerSignatureProvider({
      name: 'fake-partner',
      start: async (input) => {
        started.push(input);
        return { kind: 'redirect', url: `https://partner.example/sign/${input.procedureId}?return=${encodeURIComponent(input.returnUrl)}` };
      },
      verifyCallback: (body, now) => {
        const { payload, signature } = body as { payload?: string; signature?: string };
        if (typeof payload !== 'string' || typeof signature !== 'string') return null;
        const expected = createHmac('sha256', SECRET).update(payload).digest('hex');
        if (signature.length !== expected.length || signature !== expected) return null;
        const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (Math.abs(now.getTime() - Date.parse(data.at)) > 5 * MINUTE) return null;
        return { procedureId: data.procedureId, status: data.status, place: data.place, signedAt: new Date(data.at), evidence: { partnerLog: data.log } };
      },
    });
  });

  it('sends the member to the partner, refuses a forged notice, signs on a genuine one (once)', async () => {
    await db().update(sepaCreditors).set({ signatureProvider: 'fake-partner' }).where(eq(sepaCreditors.tenantId, 'mutua'));
    try {
      const m = await signer();
      const change = (await sendChange(m.client, { target: 'contribution', holder: 'Test Membre', iban: NEW_IBAN })).json().data;
      expect(change.signature.kind).toBe('redirect');
      const procedure = started.at(-1)!;
      expect(change.signature.url).toBe(`https://partner.example/sign/${procedure.procedureId}?return=${encodeURIComponent(procedure.returnUrl)}`);
      expect(procedure.returnUrl).toContain(`/update-rib/contribution?change=${change.changeId}`);
      expect(procedure.callbackUrl).toMatch(/\/api\/bank-details\/signature-callback\/fake-partner$/);
      expect(procedure.documentSha256).toBe(sha256(procedure.document));
      // The built-in code path is closed for a partner's procedure.
      expect((await m.client.post(`/api/bank-details/changes/${change.changeId}/code`)).json().error.code).toBe('SIGNATURE_CLOSED');

      const notice = { procedureId: procedure.procedureId, status: 'SIGNED', place: 'Bordeaux', at: t.clock.now().toISOString(), log: ['otp-sent', 'otp-ok'] };
      const post = (body: unknown) =>
        t.app.inject({ method: 'POST', url: '/api/bank-details/signature-callback/fake-partner', headers: { host: 'localhost' }, payload: body as object });
      const forged = await post(signBody(notice, 'not-the-secret'));
      expect(forged.statusCode).toBe(401);
      expect(forged.json().error.code).toBe('SIGNATURE_CALLBACK_INVALID');
      const otherProcedure = await post(signBody({ ...notice, procedureId: 'someone-else' }));
      expect(otherProcedure.statusCode).toBe(401);
      // The genuine notice on another insurer's host: that tenant has no such procedure.
      const otherTenant = await t.app.inject({
        method: 'POST',
        url: '/api/bank-details/signature-callback/fake-partner',
        headers: { host: 'azur.localhost' },
        payload: signBody(notice),
      });
      expect(otherTenant.statusCode).toBe(401);
      expect((await m.client.get('/api/bank-details')).json().data.mandate).toBeNull();

      const genuine = await post(signBody(notice));
      expect(genuine.statusCode, genuine.body).toBe(200);
      expect(genuine.json().data).toEqual({ status: 'SIGNED' });
      const details = (await m.client.get('/api/bank-details')).json().data;
      expect(details.mandate).toEqual(expect.objectContaining({ place: 'Bordeaux' }));
      const pdf = await m.client.get(`/api/mandates/${details.mandate.id}/signed.pdf`);
      expect(pdfsig(pdf.rawPayload, 'partner.pdf')).toContain('Signature is Valid');
      const [evidence] = await db().select().from(signatureEvidence).where(eq(signatureEvidence.mandateId, details.mandate.id));
      expect((evidence!.evidence as { providerEvidence: unknown }).providerEvidence).toEqual({ partnerLog: ['otp-sent', 'otp-ok'] });
      // Replayed: refused.
      expect((await post(signBody(notice))).statusCode).toBe(401);
    } finally {
      await db().update(sepaCreditors).set({ signatureProvider: 'builtin' }).where(eq(sepaCreditors.tenantId, 'mutua'));
    }
  });
});

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
