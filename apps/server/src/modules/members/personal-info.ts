import type { z } from 'zod';
import type { ZPersonalInfoValidationRequest } from '@mutua/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, contacts } from '../../db/schema';

type Input = z.output<typeof ZPersonalInfoValidationRequest>;

/** The validate-info dialog: completes the member's contact (mobile, e-mail) and first address. */
export async function savePersonalInfo(db: Db, memberId: string, input: Input): Promise<void> {
  await db.transaction(async (tx) => {
    const [contact] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.memberId, memberId)).orderBy(asc(contacts.id)).limit(1);
    if (contact) await tx.update(contacts).set({ email: input.email, mobileNumber: input.mobileNumber }).where(eq(contacts.id, contact.id));
    else await tx.insert(contacts).values({ memberId, email: input.email, mobileNumber: input.mobileNumber });
    const address = {
      line1: input.address.line1,
      line2: input.address.line2 ?? null,
      line3: input.address.line3 ?? null,
      zipCode: input.address.zipCode,
      city: input.address.city,
    };
    const [existing] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.memberId, memberId)).orderBy(asc(addresses.id)).limit(1);
    if (existing) await tx.update(addresses).set(address).where(eq(addresses.id, existing.id));
    else await tx.insert(addresses).values({ memberId, ...address });
  });
}
