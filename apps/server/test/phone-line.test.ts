import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, staff, staffTenants } from '../src/db/schema';
import { DEMO_STAFF } from '../src/modules/backoffice/seed';
import { DEMO_ACCOUNTS, signIn } from './support/auth';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { staffClients } from './support/staff-clients';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { demoStaff } = staffClients(() => t, '10.81.0');
const week = (opensAt: string, closesAt: string, days = [1, 2, 3, 4, 5]) => days.map((dayOfWeek) => ({ dayOfWeek, opensAt, closesAt }));
const line = (host: string) => new TestClient(t.app, host).get('/api/phone-line');

describe('the accessible phone line', () => {
  it('offers each tenant’s own relay service to anyone, signed out, over the phone line’s hours in words', async () => {
    const mutua = await line('localhost');
    expect(mutua.statusCode, mutua.body).toBe(200);
    const data = mutua.json().data;
    expect(data.hours).toBe('Du lundi au vendredi de 8\u00a0h\u00a030 à 18\u00a0h');
    expect(data.relayService).toMatchObject({
      provider: expect.any(String),
      url: 'https://relais-accessibilite.example/mutua-sante',
      hours: data.hours,
      modes: ['Transcription écrite en temps réel', 'Langue des signes française (LSF)', 'Langue française parlée complétée (LPC)'],
    });
    const azur = (await line('azur.localhost')).json().data;
    expect(azur.hours).toBe('Du lundi au vendredi de 9\u00a0h à 17\u00a0h\u00a030');
    expect(azur.relayService.url).toContain('azur');
  });

  it('an administrator changes the hours and the relay service: the line, the relay, the contact page and the global details say the same at once; audited', async () => {
    const admin = await demoStaff('administrator');
    const before = (await admin.get('/api/bo/tenants/azur/phone-line')).json().data;
    expect(before.days).toHaveLength(5);

    const bad = await admin.put('/api/bo/tenants/azur/phone-line', { ...before, days: week('18:00', '09:00'), relayUrl: 'http://relais.example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      days: 'L’heure de fermeture doit suivre l’heure d’ouverture.',
      relayUrl: 'Saisissez l’adresse complète du service (https://…).',
    });
    expect((await admin.get('/api/bo/tenants/azur/phone-line')).json().data).toEqual(before);

    const days = [...week('09:00', '17:30'), { dayOfWeek: 6, opensAt: '09:00', closesAt: '12:00' }];
    const saved = await admin.put('/api/bo/tenants/azur/phone-line', {
      phone: '04 91 00 12 34',
      days,
      relayProvider: 'Relais Sud',
      relayUrl: 'https://relais-sud.example/azur',
      relayPhone: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const hours = 'Du lundi au vendredi de 9\u00a0h à 17\u00a0h\u00a030 et le samedi de 9\u00a0h à 12\u00a0h';
    const shown = (await line('azur.localhost')).json().data;
    expect(shown).toMatchObject({ hours, relayService: { provider: 'Relais Sud', url: 'https://relais-sud.example/azur', hours } });
    expect(shown.days).toHaveLength(6);

    const [row] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'PHONE_LINE_UPDATED'), eq(auditEvents.tenantId, 'azur')));
    expect(row!.details).toMatchObject({ days: 6, relayProvider: 'Relais Sud' });
    // Mutua's line did not move.
    expect((await line('localhost')).json().data.relayService.provider).not.toBe('Relais Sud');

    // No relay service: none offered.
    await admin.put('/api/bo/tenants/azur/phone-line', { phone: '04 91 00 12 34', days, relayProvider: '', relayUrl: '', relayPhone: '' });
    expect((await line('azur.localhost')).json().data.relayService).toBeNull();
  });

  it('the contact page’s hours and the CALL_HOURS specificity are the line’s', async () => {
    const client = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const channels = (await client.get('/api/contact-messages/channels')).json().data;
    const phoneLine = (await line('localhost')).json().data;
    expect(channels.callHours).toBe(phoneLine.hours);
    const info = (await client.get('/api/all-info')).json().data;
    expect(JSON.stringify(info)).toContain(JSON.stringify(phoneLine.hours));
  });

  it('only an administrator of the tenant reads or sets it', async () => {
    const body = { phone: '04 91 00 12 34', days: week('08:00', '12:00'), relayProvider: '', relayUrl: '', relayPhone: '' };
    const manager = await demoStaff('manager');
    expect((await manager.get('/api/bo/tenants/azur/phone-line')).statusCode).toBe(403);
    expect((await manager.put('/api/bo/tenants/azur/phone-line', body)).statusCode).toBe(403);
    const admin = await demoStaff('administrator');
    const [adminRow] = await t.database.db.select({ id: staff.id }).from(staff).where(eq(staff.email, DEMO_STAFF.administrator.email));
    await t.database.db.delete(staffTenants).where(and(eq(staffTenants.staffId, adminRow!.id), eq(staffTenants.tenantId, 'azur')));
    try {
      expect((await admin.put('/api/bo/tenants/azur/phone-line', body)).statusCode).toBe(404);
    } finally {
      await t.database.db.insert(staffTenants).values({ staffId: adminRow!.id, tenantId: 'azur' });
    }
    expect((await new TestClient(t.app, 'localhost').get('/api/bo/tenants/azur/phone-line')).statusCode).toBe(404);
  });
});
