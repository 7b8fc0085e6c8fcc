import { CALLBACKS_PER_SLOT, callbackSlotLabel, callbackSlots, type TCallbackSlot } from '@mutua/contracts/advisor';
import { and, between, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { advisorContacts } from '../../db/schema';
import { loadPhoneLine } from '../phone-line/public';

/** Callbacks already booked on each slot of a tenant between two instants. */
async function bookedPerSlot(db: Db, tenantId: string, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ at: advisorContacts.callbackAt, n: count() })
    .from(advisorContacts)
    .where(and(eq(advisorContacts.tenantId, tenantId), eq(advisorContacts.channel, 'callback'), between(advisorContacts.callbackAt, from, to)))
    .groupBy(advisorContacts.callbackAt);
  return new Map(rows.map((r) => [r.at!.getTime(), r.n]));
}

/** Every slot of the line's hours from now, full or not. */
export async function offeredSlots(db: Db, tenantId: string, now: Date): Promise<Date[]> {
  const { days } = await loadPhoneLine(db, tenantId);
  return callbackSlots(days, now);
}

/** The slots a member may choose now: within the line's hours, public holidays skipped, the full ones removed. */
export async function freeCallbackSlots(db: Db, tenantId: string, now: Date): Promise<TCallbackSlot[]> {
  const slots = await offeredSlots(db, tenantId, now);
  if (slots.length === 0) return [];
  const booked = await bookedPerSlot(db, tenantId, slots[0]!, slots.at(-1)!);
  return slots.filter((s) => (booked.get(s.getTime()) ?? 0) < CALLBACKS_PER_SLOT).map((s) => ({ start: s.toISOString(), label: callbackSlotLabel(s) }));
}

/**
 * In the booking's transaction: whether the slot still has room. Bookings of one slot wait for each
 * other on a transaction lock, so two members sending at once never make it one too many.
 */
export async function slotHasRoom(tx: Db, tenantId: string, slot: Date): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`advisor-callback:${tenantId}:${slot.toISOString()}`}))`);
  const booked = await bookedPerSlot(tx, tenantId, slot, slot);
  return (booked.get(slot.getTime()) ?? 0) < CALLBACKS_PER_SLOT;
}
