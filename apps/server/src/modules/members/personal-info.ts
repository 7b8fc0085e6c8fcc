import type { z } from 'zod';
import type { ZPersonalInfoValidationRequest } from '@mutua/contracts/personal-info';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, contacts } from '../../db/schema';
import { addressChanged } from './undeliverable-address';

type Input = z.output<typeof ZPersonalInfoValidationRequest>;

/** Contact data the gate left as it was: changing them needs the confirmation flow (/api/contact-change). */
export type KeptContact = ('email' | 'mobileNumber')[];

/**
 * The validate-info dialog: completes the member's contact and first address. It only FILLS IN missing
 * contact data: an e-mail address already on file, or a mobile number already confirmed by an SMS
 * code, receive codes and are never overwritten here (the gate stays usable: the other fields are
 * saved and the kept ones are reported). A mobile added here is stored unconfirmed: it receives no
 * code until confirmed by SMS through the contact-change flow.
 */
export async function savePersonalInfo(db: Db, memberId: string, input: Input): Promise<{ kept: KeptContact }> {
  const kept: KeptContact = [];
  await db.transaction(async (tx) => {
    const [contact] = await tx.select().from(contacts).where(eq(contacts.memberId, memberId)).orderBy(asc(contacts.id)).limit(1);
    const hasEmail = !!contact?.email?.trim();
    const hasConfirmedMobile = !!contact?.mobileNumber?.trim() && !!contact.mobileConfirmedAt;
    if (hasEmail && contact!.email!.trim().toLowerCase() !== input.email.trim().toLowerCase()) kept.push('email');
    if (hasConfirmedMobile && contact!.mobileNumber !== input.mobileNumber) kept.push('mobileNumber');
    const values = {
      ...(hasEmail ? {} : { email: input.email }),
      ...(hasConfirmedMobile || contact?.mobileNumber === input.mobileNumber ? {} : { mobileNumber: input.mobileNumber, mobileConfirmedAt: null }),
    };
    if (contact) {
      if (Object.keys(values).length) await tx.update(contacts).set(values).where(eq(contacts.id, contact.id));
    } else await tx.insert(contacts).values({ memberId, email: input.email, mobileNumber: input.mobileNumber });
    const address = {
      line1: input.address.line1,
      line2: input.address.line2 ?? null,
      line3: input.address.line3 ?? null,
      zipCode: input.address.zipCode,
      city: input.address.city,
    };
    const [existing] = await tx.select().from(addresses).where(eq(addresses.memberId, memberId)).orderBy(asc(addresses.id)).limit(1);
    // A new address clears La Poste's « NPAI » return (the flag applied to the old one).
    if (existing)
      await tx
        .update(addresses)
        .set(addressChanged(existing, address) ? { ...address, undeliverableSince: null } : address)
        .where(eq(addresses.id, existing.id));
    else await tx.insert(addresses).values({ memberId, ...address });
  });
  return { kept };
}
