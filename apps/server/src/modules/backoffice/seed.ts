import type { Db } from '../../db/client';
import { caseSla, staff, staffTenants, type StaffRole } from '../../db/schema';
import { hashPassword } from '../auth/public';

/** Demo staff password (README); every demo staff member but « nouveau » has an authenticator enrolled. */
export const DEMO_STAFF_PASSWORD = 'Gestion-Demo-2026!';

/** Fixed demo TOTP secrets (base32): the development /debug page shows their current codes. */
export const DEMO_STAFF = {
  agent: { email: 'agent@gestion.localhost', displayName: 'Alice Agent', role: 'agent', tenants: ['mutua', 'azur'], totp: 'JBSWY3DPEHPK3PXPAGENTAAAAAAAAAAA' },
  manager: {
    email: 'manager@gestion.localhost',
    displayName: 'Marc Manager',
    role: 'manager',
    tenants: ['mutua', 'azur'],
    totp: 'JBSWY3DPEHPK3PXPMANAGERAAAAAAAAA',
  },
  derogator: {
    email: 'derogator@gestion.localhost',
    displayName: 'Diane Dérogataire',
    role: 'derogator',
    tenants: ['mutua'],
    totp: 'JBSWY3DPEHPK3PXPDEROGATORAAAAAAA',
  },
  administrator: {
    email: 'admin@gestion.localhost',
    displayName: 'Adrien Admin',
    role: 'administrator',
    tenants: ['mutua', 'azur'],
    totp: 'JBSWY3DPEHPK3PXPADMINAAAAAAAAAAA',
  },
  azurAgent: { email: 'agent.azur@gestion.localhost', displayName: 'Bruno Azur', role: 'agent', tenants: ['azur'], totp: 'JBSWY3DPEHPK3PXPAZURAAAAAAAAAAAA' },
  newcomer: { email: 'nouveau@gestion.localhost', displayName: 'Nina Nouvelle', role: 'agent', tenants: ['mutua'], totp: null },
} as const satisfies Record<string, { email: string; displayName: string; role: StaffRole; tenants: readonly string[]; totp: string | null }>;

export async function seedBackoffice(tx: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  for (const s of Object.values(DEMO_STAFF)) {
    const [row] = await tx
      .insert(staff)
      .values({ email: s.email, displayName: s.displayName, role: s.role, passwordHash, totpSecret: s.totp, totpConfirmedAt: s.totp ? new Date() : null })
      .returning({ id: staff.id });
    await tx.insert(staffTenants).values(s.tenants.map((tenantId) => ({ staffId: row!.id, tenantId })));
  }
  // The SLA table: complaints 60 days (the acknowledgement stays 10 working days), messages 5 days, bills 10.
  for (const tenantId of ['mutua', 'azur']) {
    await tx.insert(caseSla).values([
      { tenantId, family: 'claim', days: 60 },
      { tenantId, family: 'message', days: 5 },
      { tenantId, family: 'bill', days: 10 },
      { tenantId, family: 'quotation', days: 10 },
      { tenantId, family: 'supporting_document', days: 15 },
      { tenantId, family: 'document', days: 15 },
    ]);
  }
}
