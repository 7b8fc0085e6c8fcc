import { PASSWORD_VALIDITY_DAYS, isPersonalInfoValid, type TBeneficiary, type TInsured } from '@mutua/contracts';
import { asc, eq } from 'drizzle-orm';
import { accounts, addresses, beneficiaries, contacts, contracts, members } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { listCareNetworks } from '../care-network/public';
import type { MemberContext } from '../module';
import { legalPagesOfMember } from './legal-pages';

const DAY_MS = 86_400_000;
const RANK_ORDER: Record<string, number> = { MAIN: 0, PARTNER: 1 };

/** Insured beneficiaries only: main, partner, then the others by birth date (oldest first). */
export function orderBeneficiaries<T extends Pick<TBeneficiary, 'rank' | 'birthDate' | 'insured' | 'familyPosition'>>(list: T[]): T[] {
  return list
    .filter((b) => b.insured)
    .sort(
      (a, b) =>
        (RANK_ORDER[a.rank] ?? 2) - (RANK_ORDER[b.rank] ?? 2) || a.birthDate.localeCompare(b.birthDate) || a.familyPosition - b.familyPosition,
    );
}

export const loadMember = (ctx: MemberContext) =>
  ctx.once('member', async () => {
    const [member] = await ctx.db.select().from(members).where(eq(members.id, ctx.session.memberId));
    if (!member) throw new AppError('PROFILE_FAILURE');
    return member;
  });

export const loadAccount = (ctx: MemberContext) =>
  ctx.once('account', async () => {
    const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, ctx.session.accountId));
    if (!account) throw new AppError('PROFILE_FAILURE');
    return account;
  });

export const loadContacts = (ctx: MemberContext) =>
  ctx.once('contacts', () =>
    ctx.db
      .select({ email: contacts.email, secondaryEmail: contacts.secondaryEmail, mobileNumber: contacts.mobileNumber, phoneNumber: contacts.phoneNumber })
      .from(contacts)
      .where(eq(contacts.memberId, ctx.session.memberId))
      .orderBy(asc(contacts.id)),
  );

export const loadAddresses = (ctx: MemberContext) =>
  ctx.once('addresses', () =>
    ctx.db
      .select({ line1: addresses.line1, line2: addresses.line2, line3: addresses.line3, zipCode: addresses.zipCode, city: addresses.city, country: addresses.country })
      .from(addresses)
      .where(eq(addresses.memberId, ctx.session.memberId))
      .orderBy(asc(addresses.id)),
  );

export const loadContracts = (ctx: MemberContext) =>
  ctx.once('contracts', () =>
    ctx.db
      .select({
        familyPosition: contracts.familyPosition,
        kind: contracts.kind,
        label: contracts.label,
        incomingDate: contracts.incomingDate,
        outgoingDate: contracts.outgoingDate,
        insurerContract: contracts.insurerContract,
        productNumber: contracts.productNumber,
        companyId: contracts.companyId,
        baseOptionCode: contracts.baseOptionCode,
      })
      .from(contracts)
      .where(eq(contracts.memberId, ctx.session.memberId))
      .orderBy(asc(contracts.familyPosition), asc(contracts.incomingDate)),
  );

export const loadLegalPages = (ctx: MemberContext) => ctx.once('legalPages', () => legalPagesOfMember(ctx.db, ctx.tenant.id, ctx.session.memberId));

async function loadBeneficiaries(ctx: MemberContext): Promise<TBeneficiary[]> {
  const rows = await ctx.db
    .select({
      id: beneficiaries.id,
      familyPosition: beneficiaries.familyPosition,
      rank: beneficiaries.rank,
      firstName: beneficiaries.firstName,
      surName: beneficiaries.surName,
      birthDate: beneficiaries.birthDate,
      sex: beneficiaries.sex,
      insured: beneficiaries.insured,
      teletransmission: beneficiaries.teletransmission,
    })
    .from(beneficiaries)
    .where(eq(beneficiaries.memberId, ctx.session.memberId));
  return orderBeneficiaries(rows);
}

/** The `insured` part of the global details, from the member's own rows only. */
export async function loadInsured(ctx: MemberContext): Promise<TInsured> {
  const [member, account, beneficiaryList, contactList, addressList, contractList, legal, networks] = await Promise.all([
    loadMember(ctx),
    loadAccount(ctx),
    loadBeneficiaries(ctx),
    loadContacts(ctx),
    loadAddresses(ctx),
    loadContracts(ctx),
    loadLegalPages(ctx),
    listCareNetworks(ctx.db, ctx.tenant.id),
  ]);
  const contact = contactList[0] ?? { email: null, secondaryEmail: null, mobileNumber: null, phoneNumber: null };
  const address = addressList[0];
  const now = ctx.clock.now().getTime();
  const passwordOld = now - account.passwordChangedAt.getTime() > PASSWORD_VALIDITY_DAYS * DAY_MS;
  return {
    id: member.id,
    allBeneficiaries: { beneficiaries: beneficiaryList },
    familyContacts: { contacts: contactList },
    familyAddresses: { addresses: addressList },
    tpCardInformations: null,
    ribInformations: { rib: null },
    allThemes: { contactsThemes: [] },
    allSubscriptions: [],
    affiliations: [],
    contractsSubscribed: contractList,
    healthCareNetworks: networks,
    companyOptions: [],
    verifySentByPostOffice: false,
    paymentSchedules: [],
    notifications: [],
    passwordLastModification: account.passwordChangedAt.toISOString(),
    firstConnection: account.firstConnection,
    showPopupPasswordValidity: account.mustRenewPassword || passwordOld,
    mustRenewPassword: account.mustRenewPassword,
    validatedLegalPages: legal.validated,
    finishedTutorial: account.finishedTutorial,
    lastConnection: account.previousConnectionAt?.toISOString() ?? null,
    invalidPersonalInformation: !isPersonalInfoValid({
      mobileNumber: contact.mobileNumber,
      email: contact.email,
      city: address?.city,
      zipCode: address?.zipCode,
      line1: address?.line1,
    }),
    insuredContact: contact,
  };
}
