import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, memberAlerts, members, noemieStates, tenantAnnouncements } from '../../db/schema';

/** Demo: an announcement on Mutua, one alert to every Mutua member, Camille's family's Noémie states. */
export async function seedHomeNotices(db: Db): Promise<void> {
  await db.insert(tenantAnnouncements).values({
    tenantId: 'mutua',
    message: 'Nos conseillers vous répondent du lundi au vendredi de 8 h 30 à 18 h\u00a0; l’agence de Lyon sera fermée le 26 décembre.',
    displayed: true,
  });
  await db.insert(memberAlerts).values({
    tenantId: 'mutua',
    memberId: null,
    level: 'info',
    title: 'Vos remboursements plus vite',
    message: 'Vérifiez que la télétransmission Noémie est active pour chaque bénéficiaire\u00a0: vous n’aurez plus à envoyer vos décomptes.',
    linkPath: '/faq/remboursements/delais',
    linkLabel: 'En savoir plus sur Noémie',
    startsAt: new Date('2026-01-01T00:00:00Z'),
  });
  const [camille] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, 'mutua'), eq(members.membershipNumber, '12345678')));
  if (!camille) return;
  const family = await db
    .select({ id: beneficiaries.id, position: beneficiaries.familyPosition })
    .from(beneficiaries)
    .where(eq(beneficiaries.memberId, camille.id))
    .orderBy(beneficiaries.familyPosition);
  const states = [
    { state: 'CONNECTED' as const, reason: null, since: '2025-03-12' },
    { state: 'REQUESTED' as const, reason: null, since: '2026-11-02' },
    { state: 'REJECTED' as const, reason: 'Bénéficiaire rattaché à une autre complémentaire santé auprès de la caisse.', since: '2026-10-18' },
  ];
  const rows = family.slice(0, states.length).map((b, i) => ({ beneficiaryId: b.id, ...states[i]! }));
  if (rows.length) await db.insert(noemieStates).values(rows);
}
