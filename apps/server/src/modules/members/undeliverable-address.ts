import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema';
import type { MemberContext } from '../../core/module';

/**
 * La Poste returned mail sent to the member's postal address as undeliverable (« NPAI »): the back office
 * flags the member's addresses (migration 0095). Until the member changes the address, the insurer checks
 * it before posting (insured.verifySentByPostOffice), home asks for a valid address and the paper card is
 * not resent. Answers whether the member had an address to flag.
 */
export async function markAddressUndeliverable(db: Db, memberId: string, at: Date): Promise<boolean> {
  const rows = await db.update(addresses).set({ undeliverableSince: at }).where(eq(addresses.memberId, memberId)).returning({ id: addresses.id });
  return rows.length > 0;
}

/** Whether mail to the member's postal address came back undeliverable and the member has not changed it since. */
export async function isAddressUndeliverable(db: Db, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.memberId, memberId), isNotNull(addresses.undeliverableSince)))
    .limit(1);
  return !!row;
}

/** isAddressUndeliverable for the signed-in member, read once per /all-info (home's alerts and insured ask). */
export const addressUndeliverableOf = (ctx: MemberContext): Promise<boolean> =>
  ctx.once('address.undeliverable', () => isAddressUndeliverable(ctx.db, ctx.session.memberId));

type PostalAddress = { line1: string | null; line2: string | null; line3: string | null; zipCode: string | null; city: string | null; country?: string | null };

/** Whether a saved address differs from the one on file (then an NPAI flag no longer applies). */
export function addressChanged(before: PostalAddress, after: PostalAddress): boolean {
  const norm = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();
  const keys = ['line1', 'line2', 'line3', 'zipCode', 'city'] as const;
  return keys.some((k) => norm(before[k]) !== norm(after[k])) || (after.country !== undefined && norm(before.country) !== norm(after.country));
}
