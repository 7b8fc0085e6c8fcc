import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_MEMBERS } from '../members/public';
import { beneficiaries, members } from '../../db/schema';

/**
 * Demo data of the account area: Camille's youngest child, Noah, has no teletransmission yet (his
 * fund code is not on file), so that the preferences page shows a request to make.
 */
export async function seedAccount(tx: Db): Promise<void> {
  const [camille] = await tx.select({ id: members.id }).from(members).where(eq(members.membershipNumber, DEMO_MEMBERS.camille));
  if (!camille) return;
  await tx
    .update(beneficiaries)
    .set({ teletransmission: 'INACTIVE', organisationCode: null })
    .where(and(eq(beneficiaries.memberId, camille.id), eq(beneficiaries.firstName, 'NOAH')));
}
