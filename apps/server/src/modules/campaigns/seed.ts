import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members } from '../../db/schema';
import { memberNotifications, portabilityPeriods, tutorialSteps } from './schema';
import { DEMO_MEMBERS } from '../members/public';

const TUTORIAL = [
  {
    title: 'Bienvenue dans votre espace adhérent',
    body: 'Retrouvez en un seul endroit votre contrat santé, vos remboursements, vos documents et vos demandes.',
  },
  { title: 'Mes remboursements', body: 'Suivez vos remboursements de soins et téléchargez vos relevés.' },
  { title: 'Mes demandes', body: 'Envoyez une facture, un devis ou un justificatif, et suivez le traitement de chaque demande.' },
  { title: 'Mon compte', body: 'Gérez vos bénéficiaires, vos coordonnées bancaires, vos informations personnelles et vos préférences.' },
];

/**
 * Demo: each tenant's tutorial steps; the schooling campaign 2026 (a notification of upload type 1)
 * for Camille's family (two children). Mutua runs no digital campaign until an operator switches it
 * on (`npm run tenant -- feature DIGITAL_CAMPAIGNS on`), so the shared demo sign-ins meet no popup.
 */
export async function seedCampaigns(db: Db): Promise<void> {
  for (const tenantId of ['mutua', 'azur']) {
    await db
      .insert(tutorialSteps)
      .values(TUTORIAL.map((s, i) => ({ tenantId, position: i + 1, ...s })))
      .onConflictDoNothing();
  }
  const [camille] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, 'mutua'), eq(members.membershipNumber, '12345678')));
  if (camille)
    await db
      .insert(memberNotifications)
      .values({ tenantId: 'mutua', memberId: camille.id, uploadType: 1, campaignYear: 2026, createdAt: new Date('2026-09-01T08:00:00Z') });
}

/**
 * Demo: Julien's France Travail portability (collective contract 1 September 2025 – 31 October 2026:
 * 12 months from 1 November 2026, the « starting » case in November 2026). Behind DIGITAL_CAMPAIGNS
 * like the schooling campaign, so the sign-in journeys that use Julien meet no popup.
 */
export async function seedPortability(db: Db): Promise<void> {
  const [julien] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, 'mutua'), eq(members.membershipNumber, DEMO_MEMBERS.julien)));
  if (julien)
    await db.insert(portabilityPeriods).values({
      tenantId: 'mutua',
      memberId: julien.id,
      collectiveStart: '2025-09-01',
      collectiveEnd: '2026-10-31',
      createdAt: new Date('2026-11-02T08:00:00Z'),
    });
}
