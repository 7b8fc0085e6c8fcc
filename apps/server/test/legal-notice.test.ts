import { ZLegalNotice } from '@mutua/contracts/legal-notice';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, staff, staffTenants, tenantLegalNotices } from '../src/db/schema';
import { DEMO_STAFF } from '../src/modules/backoffice/seed';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { staffClients } from './support/staff-clients';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { demoStaff } = staffClients(() => t, '10.78.0');

const notice = {
  publisherName: 'Azur Prévoyance',
  publisherLegalForm: 'Mutuelle régie par le livre II du code de la mutualité',
  registration: 'Immatriculée au répertoire SIRENE sous le n° 000 000 002',
  address: 'CS 30001, 13001 Marseille',
  publicationDirector: 'Inès Roux, présidente',
  hostName: 'Hébergeur Santé SAS',
  hostAddress: '1 rue de l’Hébergement, 69000 Lyon',
  hostHdsCertificate: 'Certificat HDS n° 2026-042, valable jusqu’au 31 décembre 2028',
  contactEmail: 'contact@azur.example',
  contactPhone: '04 91 00 12 34',
};

describe('mentions légales', () => {
  it('each tenant shows its own to anyone, signed in or not', async () => {
    const mutua = await new TestClient(t.app, 'localhost').get('/api/legal-notice');
    expect(mutua.statusCode, mutua.body).toBe(200);
    const m = ZLegalNotice.parse(mutua.json().data);
    expect(m).toMatchObject({ publisherName: 'Mutua Santé', hostName: expect.any(String), hostHdsCertificate: expect.stringContaining('HDS') });
    for (const field of ['registration', 'address', 'publicationDirector', 'hostAddress', 'contactEmail'] as const) expect(m[field]).not.toBe('');
    const azur = ZLegalNotice.parse((await new TestClient(t.app, 'azur.localhost').get('/api/legal-notice')).json().data);
    expect(azur.publisherName).toBe('Azur Prévoyance');
  });

  it('an administrator of the tenant edits them; bad input is refused in French and changes nothing; other roles and tenants are refused', async () => {
    const admin = await demoStaff('administrator');
    const before = (await admin.get('/api/bo/tenants/azur/legal-notice')).json().data;
    expect(before.publisherName).toBe('Azur Prévoyance');

    const empty = await admin.put('/api/bo/tenants/azur/legal-notice', { ...notice, hostHdsCertificate: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain("Le champ 'Certification HDS de l’hébergeur' ne peut pas être vide");
    const phone = await admin.put('/api/bo/tenants/azur/legal-notice', { ...notice, contactPhone: '12' });
    expect(phone.json().error.message).toContain('Veuillez saisir un numéro de téléphone valide (10 chiffres)');
    expect((await admin.get('/api/bo/tenants/azur/legal-notice')).json().data).toEqual(before);

    const saved = await admin.put('/api/bo/tenants/azur/legal-notice', notice);
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = ZLegalNotice.parse((await new TestClient(t.app, 'azur.localhost').get('/api/legal-notice')).json().data);
    expect(shown).toMatchObject({ ...notice, contactPhone: '0491001234' });
    // Mutua's did not move.
    expect((await new TestClient(t.app, 'localhost').get('/api/legal-notice')).json().data.publisherName).toBe('Mutua Santé');
    const [row] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'LEGAL_NOTICE_UPDATED'), eq(auditEvents.tenantId, 'azur')));
    expect(row).toBeTruthy();

    const manager = await demoStaff('manager');
    expect((await manager.put('/api/bo/tenants/azur/legal-notice', notice)).statusCode).toBe(403);
    expect((await manager.get('/api/bo/tenants/azur/legal-notice')).statusCode).toBe(403);
    // An administrator of mutua only: azur reads as missing.
    const [adminRow] = await t.database.db.select({ id: staff.id }).from(staff).where(eq(staff.email, DEMO_STAFF.administrator.email));
    await t.database.db.delete(staffTenants).where(and(eq(staffTenants.staffId, adminRow!.id), eq(staffTenants.tenantId, 'azur')));
    try {
      expect((await admin.put('/api/bo/tenants/azur/legal-notice', { ...notice, publisherName: 'Autre' })).statusCode).toBe(404);
    } finally {
      await t.database.db.insert(staffTenants).values({ staffId: adminRow!.id, tenantId: 'azur' });
    }
    // A member's host has no such route; a tenant without a notice answers 404, not another's.
    expect((await new TestClient(t.app, 'localhost').put('/api/bo/tenants/azur/legal-notice', notice)).statusCode).toBeGreaterThanOrEqual(400);
    await t.database.db.delete(tenantLegalNotices).where(eq(tenantLegalNotices.tenantId, 'azur'));
    expect((await new TestClient(t.app, 'azur.localhost').get('/api/legal-notice')).statusCode).toBe(404);
  });
});
