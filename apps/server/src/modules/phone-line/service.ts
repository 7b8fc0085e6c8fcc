import { RELAY_MODES, openingHoursSentence, type TPhoneLine, type TPhoneLineInput } from '@mutua/contracts/phone-line';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenantCallHours, tenantContactChannels } from '../../db/schema';

const hhmm = (time: string) => time.slice(0, 5);

/** The line's settings as the back office edits them. */
export async function phoneLineSettings(db: Db, tenantId: string) {
  const [row] = await db.select().from(tenantContactChannels).where(eq(tenantContactChannels.tenantId, tenantId));
  const days = (await db.select().from(tenantCallHours).where(eq(tenantCallHours.tenantId, tenantId)).orderBy(asc(tenantCallHours.dayOfWeek))).map((d) => ({
    dayOfWeek: d.dayOfWeek,
    opensAt: hhmm(d.opensAt),
    closesAt: hhmm(d.closesAt),
  }));
  return {
    phone: row?.phone ?? '',
    days,
    // The open days are the one source; the stored sentence is the answer for a tenant without them.
    hours: openingHoursSentence(days) || (row?.callHours ?? ''),
    relayProvider: row?.relayProvider ?? '',
    relayUrl: row?.relayUrl ?? '',
    relayPhone: row?.relayPhone ?? '',
  };
}

/** GET /api/phone-line: the line and its relay service, both over the line's hours. */
export async function loadPhoneLine(db: Db, tenantId: string): Promise<TPhoneLine> {
  const s = await phoneLineSettings(db, tenantId);
  return {
    phone: s.phone,
    hours: s.hours,
    days: s.days,
    relayService: s.relayProvider ? { provider: s.relayProvider, url: s.relayUrl, phone: s.relayPhone, modes: [...RELAY_MODES], hours: s.hours } : null,
  };
}

/**
 * Saves the line in one transaction: its number, its open days (replaced), the sentence every screen
 * and the CALL_HOURS specificity show (written from the days, so they never disagree), the relay service.
 */
export async function savePhoneLine(db: Db, tenant: { id: string; name: string }, input: TPhoneLineInput): Promise<void> {
  const hours = openingHoursSentence(input.days);
  const relay = {
    relayProvider: input.relayProvider,
    relayUrl: input.relayProvider ? input.relayUrl : '',
    relayPhone: input.relayProvider ? input.relayPhone : '',
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(tenantContactChannels)
      .values({ tenantId: tenant.id, phone: input.phone, callHours: hours, postAddress: [tenant.name, 'Service adhérents'], ...relay })
      .onConflictDoUpdate({ target: tenantContactChannels.tenantId, set: { phone: input.phone, callHours: hours, ...relay } });
    await tx.delete(tenantCallHours).where(eq(tenantCallHours.tenantId, tenant.id));
    await tx.insert(tenantCallHours).values(input.days.map((d) => ({ tenantId: tenant.id, dayOfWeek: d.dayOfWeek, opensAt: d.opensAt, closesAt: d.closesAt })));
  });
}

/** Demo data: each tenant's relay service (a provider's page for the tenant), and its line's sentence from its open days. */
export async function seedRelayService(db: Db): Promise<void> {
  const demo = [
    { tenantId: 'mutua', relayProvider: 'Accès Sourds Relais', relayUrl: 'https://relais-accessibilite.example/mutua-sante', relayPhone: '06 30 00 12 34' },
    { tenantId: 'azur', relayProvider: 'Accès Sourds Relais', relayUrl: 'https://relais-accessibilite.example/azur-prevoyance', relayPhone: '' },
  ];
  for (const d of demo) {
    const { hours } = await phoneLineSettings(db, d.tenantId);
    await db
      .update(tenantContactChannels)
      .set({ relayProvider: d.relayProvider, relayUrl: d.relayUrl, relayPhone: d.relayPhone, ...(hours ? { callHours: hours } : {}) })
      .where(eq(tenantContactChannels.tenantId, d.tenantId));
  }
}
