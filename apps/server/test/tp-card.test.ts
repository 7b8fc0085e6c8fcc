import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, contactChanges, contacts, devOutbox, tpCardIssuers } from '../src/db/schema';
import { DEMO_PASSWORD, createClockedTestApp, createTestMember, signIn, waitForMail, type ClockedTestApp } from './auth-helper';
import { hasPdftotext } from './database';

let t: ClockedTestApp;

beforeAll(async () => {
  t = await createClockedTestApp({ start: new Date('2026-11-23T10:00:00Z') });
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
    const [row] = await t.database.db.select().from(devOutbox).where(eq(devOutbox.toAddress, 'pharmacie.copie@example.org')).orderBy(desc(devOutbox.seq)).limit(1);
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
    const [audit] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.kind, 'TP_CARD_EMAILED'), eq(auditEvents.memberId, m.memberId)));
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
      expect(res.json().error.message).toBe('Votre centre de gestion ne délivre pas la carte en ligne : demandez-la par courrier.');
      expect((await client.get('/api/tp-card/card.pdf')).statusCode).toBe(404);
      expect(await mailsTo('centre@example.org')).toBe(0);
    } finally {
      await t.database.db.update(tpCardIssuers).set({ dematerialised: true }).where(eq(tpCardIssuers.tenantId, issuer!.tenantId));
    }
  });
});
