import {
  COMMUNE_MESSAGE,
  SECONDARY_EMAIL_MESSAGE,
  ZIP_CODE_MESSAGE,
  isValidNir,
  maskNir,
  secondaryEmailDiffers,
  type TPersonalInfo,
  type ZPersonalInfoUpdate,
} from '@mutua/contracts/account';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { accounts, addresses, beneficiaries, contacts, contracts, members } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { openNir } from '../../db/protected-fields';
import { fieldError } from '../../http/validation';
import { addressChanged } from '../members/public';
import { communeOf } from './postal-codes';

type Ids = { memberId: string; accountId: string };

/** Whether the member holds a contract still running on `today` (a membership certificate needs one). */
export async function hasRunningContract(db: Db, memberId: string, today: string): Promise<boolean> {
  const rows = await db.select({ outgoingDate: contracts.outgoingDate }).from(contracts).where(eq(contracts.memberId, memberId));
  return rows.some((c) => c.outgoingDate === null || c.outgoingDate >= today);
}

/** The start of the member's running contract (the earliest one running on `today`), null when none. */
export async function contractStartOf(db: Db, memberId: string, today: string): Promise<string | null> {
  const rows = await db
    .select({ incomingDate: contracts.incomingDate, outgoingDate: contracts.outgoingDate })
    .from(contracts)
    .where(eq(contracts.memberId, memberId));
  const running = rows
    .filter((c) => c.outgoingDate === null || c.outgoingDate >= today)
    .map((c) => c.incomingDate)
    .sort();
  return running[0] ?? null;
}

/** GET /api/personal-info. `nirLoginOn`: the tenant's NIR_LOGIN toggle (the NIR is then offered as login when valid). */
export async function loadPersonalInfo(db: Db, ids: Ids, today: string, nirLoginOn = false): Promise<TPersonalInfo> {
  const [[member], [main], [contact], [address], [account], running] = await Promise.all([
    db.select().from(members).where(eq(members.id, ids.memberId)),
    db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.memberId, ids.memberId), eq(beneficiaries.rank, 'MAIN'))),
    db.select().from(contacts).where(eq(contacts.memberId, ids.memberId)).orderBy(asc(contacts.id)).limit(1),
    db.select().from(addresses).where(eq(addresses.memberId, ids.memberId)).orderBy(asc(addresses.id)).limit(1),
    db.select({ loginType: accounts.loginType, loginEmail: accounts.loginEmail }).from(accounts).where(eq(accounts.id, ids.accountId)),
    hasRunningContract(db, ids.memberId, today),
  ]);
  if (!member || !account) throw new AppError('PROFILE_FAILURE');
  const nir = main ? await openNir(db, member.tenantId, 'beneficiaries', main.id, main.nir) : null;
  return {
    membershipNumber: member.membershipNumber,
    firstName: main?.firstName ?? '',
    surName: main?.surName ?? '',
    birthDate: main?.birthDate ?? '',
    nirMasked: maskNir(nir, main?.nirKey ?? null),
    email: contact?.email ?? null,
    secondaryEmail: contact?.secondaryEmail ?? null,
    mobileNumber: contact?.mobileNumber ?? null,
    phoneNumber: contact?.phoneNumber ?? null,
    address: {
      line1: address?.line1 ?? null,
      line2: address?.line2 ?? null,
      line3: address?.line3 ?? null,
      zipCode: address?.zipCode ?? null,
      city: address?.city ?? null,
      country: address?.country ?? 'France',
      foreignResidence: address?.foreignResidence ?? false,
    },
    loginType: account.loginType,
    loginEmail: account.loginEmail,
    nirLoginAllowed: nirLoginOn && !!nir && isValidNir(nir, main?.nirKey ?? ''),
    certificateAvailable: running,
  };
}

/**
 * PUT /api/personal-info: secondary e-mail (different from the e-mail), phone, address. E-mail and
 * mobile change through /api/contact-change (confirmed by a code), never here. In France the city must
 * be one of the postal code's communes (La Poste); abroad the code is free text.
 */
export async function savePersonalInfo(db: Db, memberId: string, input: z.output<typeof ZPersonalInfoUpdate>): Promise<{ zipCodeChanged: boolean }> {
  const a = input.address;
  const inFrance = !a.foreignResidence && /^france$/i.test(a.country);
  let city = a.city;
  if (inFrance) {
    if (!/^[0-9]{5}$/.test(a.zipCode)) throw fieldError(ZIP_CODE_MESSAGE, { 'address.zipCode': ZIP_CODE_MESSAGE });
    const official = communeOf(a.zipCode, a.city);
    if (!official) throw fieldError(COMMUNE_MESSAGE, { 'address.city': COMMUNE_MESSAGE });
    city = official;
  }
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [contact] = await tx.select().from(contacts).where(eq(contacts.memberId, memberId)).orderBy(asc(contacts.id)).limit(1);
    if (!secondaryEmailDiffers(contact?.email, input.secondaryEmail)) throw fieldError(SECONDARY_EMAIL_MESSAGE, { secondaryEmail: SECONDARY_EMAIL_MESSAGE });
    const contactValues = { secondaryEmail: input.secondaryEmail, phoneNumber: input.phoneNumber };
    if (contact) await tx.update(contacts).set(contactValues).where(eq(contacts.id, contact.id));
    else await tx.insert(contacts).values({ memberId, ...contactValues });
    const [existing] = await tx.select().from(addresses).where(eq(addresses.memberId, memberId)).orderBy(asc(addresses.id)).limit(1);
    const values = {
      line1: a.line1,
      line2: a.line2 || null,
      line3: a.line3 || null,
      zipCode: a.zipCode,
      city,
      country: inFrance ? 'France' : a.country,
      foreignResidence: a.foreignResidence,
    };
    // A new address clears La Poste's « NPAI » return (the flag applied to the old one).
    if (existing)
      await tx
        .update(addresses)
        .set(addressChanged(existing, values) ? { ...values, undeliverableSince: null } : values)
        .where(eq(addresses.id, existing.id));
    else await tx.insert(addresses).values({ memberId, ...values });
    return { zipCodeChanged: (existing?.zipCode ?? null) !== a.zipCode };
  });
}
