import { PASSWORD_VALIDITY_DAYS } from '@mutua/contracts/auth';
import { CONTACT_THEMES } from '@mutua/contracts/complaints';
import type { TBeneficiary, TInsured } from '@mutua/contracts/global-details';
import type { TLegalPage } from '@mutua/contracts/legal-pages';
import { isPersonalInfoValid } from '@mutua/contracts/personal-info';
import { sql } from 'drizzle-orm';
import { accounts, addresses, beneficiaries, contacts, contractOptions, contracts, legalPageAcceptances, legalPages, members } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import type { InsuredPart, MemberContext } from '../../core/module';
import { addressUndeliverableOf } from './undeliverable-address';

const DAY_MS = 86_400_000;
const RANK_ORDER: Record<string, number> = { MAIN: 0, PARTNER: 1 };

/** Insured beneficiaries only: main, partner, then the others by birth date (oldest first). */
export function orderBeneficiaries<T extends Pick<TBeneficiary, 'rank' | 'birthDate' | 'insured' | 'familyPosition'>>(list: T[]): T[] {
  return list
    .filter((b) => b.insured)
    .sort((a, b) => (RANK_ORDER[a.rank] ?? 2) - (RANK_ORDER[b.rank] ?? 2) || a.birthDate.localeCompare(b.birthDate) || a.familyPosition - b.familyPosition);
}

type MemberRow = { id: string; tenantId: string; membershipNumber: string };
type AccountRow = {
  passwordChangedAt: Date;
  mustRenewPassword: boolean;
  firstConnection: boolean;
  finishedTutorial: boolean;
  previousConnectionAt: Date | null;
};
type ContactRow = { email: string | null; secondaryEmail: string | null; mobileNumber: string | null; phoneNumber: string | null };
type AddressRow = { line1: string | null; line2: string | null; line3: string | null; zipCode: string | null; city: string | null; country: string };
type ContractRow = {
  familyPosition: number;
  kind: 'COLLECTIVE' | 'INDIVIDUAL';
  label: string;
  incomingDate: string;
  outgoingDate: string | null;
  insurerContract: string;
  productNumber: string;
  companyId: string | null;
  baseOptionCode: string;
};
type OptionRow = {
  insurerContract: string;
  code: string;
  label: string;
  kind: 'COLLECTIVE_OPTION' | 'INDIVIDUAL_OPTION';
  monthlyCents: number;
  startDate: string;
  endDate: string | null;
};
type LegalRow = Omit<TLegalPage, 'publishedAt'> & { publishedAt: string; accepted: boolean };
type MemberCore = {
  member: MemberRow | null;
  account: (Omit<AccountRow, 'passwordChangedAt' | 'previousConnectionAt'> & { passwordChangedAt: string; previousConnectionAt: string | null }) | null;
  beneficiaries: TBeneficiary[];
  contacts: ContactRow[];
  addresses: AddressRow[];
  contracts: ContractRow[];
  options: OptionRow[];
  legalPages: LegalRow[];
};

/**
 * Everything the members part of the global details reads, in ONE statement (one round trip instead of
 * eight): the member, its account, beneficiaries, contacts, addresses, contracts, and the tenant's current
 * legal pages with the member's acceptance. Each list keeps the order the separate queries had.
 */
const loadMemberCore = (ctx: MemberContext) =>
  ctx.once('members.core', async (): Promise<MemberCore> => {
    const memberId = ctx.session.memberId;
    const result = (await ctx.db.execute(sql`select
      (select json_build_object('id', m.id, 'tenantId', m.tenant_id, 'membershipNumber', m.membership_number)
         from ${members} m where m.id = ${memberId}) as "member",
      (select json_build_object('passwordChangedAt', a.password_changed_at, 'mustRenewPassword', a.must_renew_password,
              'firstConnection', a.first_connection, 'finishedTutorial', a.finished_tutorial, 'previousConnectionAt', a.previous_connection_at)
         from ${accounts} a where a.id = ${ctx.session.accountId}) as "account",
      coalesce((select json_agg(json_build_object('id', b.id, 'familyPosition', b.family_position, 'rank', b.rank, 'firstName', b.first_name,
              'surName', b.sur_name, 'birthDate', b.birth_date, 'sex', b.sex, 'insured', b.insured, 'teletransmission', b.teletransmission))
         from ${beneficiaries} b where b.member_id = ${memberId}), '[]') as "beneficiaries",
      coalesce((select json_agg(json_build_object('email', c.email, 'secondaryEmail', c.secondary_email, 'mobileNumber', c.mobile_number,
              'phoneNumber', c.phone_number) order by c.id)
         from ${contacts} c where c.member_id = ${memberId}), '[]') as "contacts",
      coalesce((select json_agg(json_build_object('line1', d.line1, 'line2', d.line2, 'line3', d.line3, 'zipCode', d.zip_code, 'city', d.city,
              'country', d.country) order by d.id)
         from ${addresses} d where d.member_id = ${memberId}), '[]') as "addresses",
      coalesce((select json_agg(json_build_object('familyPosition', k.family_position, 'kind', k.kind, 'label', k.label, 'incomingDate', k.incoming_date,
              'outgoingDate', k.outgoing_date, 'insurerContract', k.insurer_contract, 'productNumber', k.product_number, 'companyId', k.company_id,
              'baseOptionCode', k.base_option_code) order by k.family_position, k.incoming_date)
         from ${contracts} k where k.member_id = ${memberId}), '[]') as "contracts",
      coalesce((select json_agg(json_build_object('insurerContract', o.insurer_contract, 'code', o.code, 'label', o.label, 'kind', o.kind,
              'monthlyCents', o.monthly_cents, 'startDate', o.start_date, 'endDate', o.end_date) order by o.start_date, o.code)
         from ${contractOptions} o where o.member_id = ${memberId}), '[]') as "options",
      coalesce((select json_agg(json_build_object('type', p.type, 'version', p.version, 'title', p.title, 'content', p.content,
              'requiresAcceptance', p.requires_acceptance, 'publishedAt', p.published_at,
              'accepted', exists (select 1 from ${legalPageAcceptances} x where x.member_id = ${memberId} and x.legal_page_id = p.id)) order by p.type)
         from (select distinct on (l.type) l.* from ${legalPages} l where l.tenant_id = ${ctx.tenant.id} order by l.type, l.version desc) p), '[]') as "legalPages"`)) as unknown as {
      rows: MemberCore[];
    };
    const row = result.rows[0];
    if (!row) throw new AppError('PROFILE_FAILURE');
    return row;
  });

export const loadMember = async (ctx: MemberContext): Promise<MemberRow> => {
  const { member } = await loadMemberCore(ctx);
  if (!member) throw new AppError('PROFILE_FAILURE');
  return member;
};

export const loadAccount = async (ctx: MemberContext): Promise<AccountRow> => {
  const { account } = await loadMemberCore(ctx);
  if (!account) throw new AppError('PROFILE_FAILURE');
  return {
    ...account,
    passwordChangedAt: new Date(account.passwordChangedAt),
    previousConnectionAt: account.previousConnectionAt === null ? null : new Date(account.previousConnectionAt),
  };
};

export const loadContacts = async (ctx: MemberContext): Promise<ContactRow[]> => (await loadMemberCore(ctx)).contacts;
export const loadAddresses = async (ctx: MemberContext): Promise<AddressRow[]> => (await loadMemberCore(ctx)).addresses;
export const loadContracts = async (ctx: MemberContext): Promise<ContractRow[]> => (await loadMemberCore(ctx)).contracts;

/** The tenant's current legal pages with the member's acceptance, and whether the legal-pages gate is passed. */
export const loadLegalPages = async (ctx: MemberContext) => {
  const pages = (await loadMemberCore(ctx)).legalPages.map((p) => ({ ...p, publishedAt: new Date(p.publishedAt).toISOString() }));
  return { pages, validated: pages.every((p) => !p.requiresAcceptance || p.accepted) };
};

/**
 * The family's contracts as subscriptions (one per contract reference: persons, running options,
 * ongoing or ended on `today`), and each person's affiliation to them.
 */
function subscriptionsOf(lines: ContractRow[], options: OptionRow[], today: string): Pick<TInsured, 'allSubscriptions' | 'affiliations'> {
  const refs = [...new Set(lines.map((l) => l.insurerContract))];
  const allSubscriptions = refs.map((ref) => {
    const own = lines.filter((l) => l.insurerContract === ref);
    const first = own[0]!;
    const ongoing = own.some((l) => l.outgoingDate === null || l.outgoingDate > today);
    const ends = own.map((l) => l.outgoingDate);
    return {
      insurerContract: ref,
      label: first.label,
      kind: first.kind,
      productNumber: first.productNumber,
      status: ongoing ? ('ACTIVE' as const) : ('FINISHED' as const),
      startDate: own.map((l) => l.incomingDate).sort()[0]!,
      endDate: ends.includes(null) ? null : (ends as string[]).sort().at(-1)!,
      familyPositions: [...new Set(own.map((l) => l.familyPosition))].sort((a, b) => a - b),
      optionCodes: options.filter((o) => o.insurerContract === ref && (o.endDate === null || o.endDate > today)).map((o) => o.code),
    };
  });
  const affiliations = lines.map((l) => ({
    familyPosition: l.familyPosition,
    insurerContract: l.insurerContract,
    startDate: l.incomingDate,
    endDate: l.outgoingDate,
  }));
  return { allSubscriptions, affiliations };
}

const loadBeneficiaries = async (ctx: MemberContext): Promise<TBeneficiary[]> => orderBeneficiaries((await loadMemberCore(ctx)).beneficiaries);

/** The fields of `insured` other modules answer through their manifests (the card, the bank details…). */
type ForeignInsuredField = 'tpCardInformations' | 'ribInformations' | 'healthCareNetworks' | 'paymentSchedules' | 'notifications';
type OwnInsured = Omit<TInsured, ForeignInsuredField>;

/** The members module's fields of `insured`, from the member's own rows only. */
async function loadOwnInsured(ctx: MemberContext): Promise<OwnInsured> {
  const today = parisDate(ctx.clock.now());
  const core = await loadMemberCore(ctx);
  const [member, account, beneficiaryList, contactList, addressList, contractList, legal, undeliverable] = await Promise.all([
    loadMember(ctx),
    loadAccount(ctx),
    loadBeneficiaries(ctx),
    loadContacts(ctx),
    loadAddresses(ctx),
    loadContracts(ctx),
    loadLegalPages(ctx),
    addressUndeliverableOf(ctx),
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
    allThemes: { contactsThemes: CONTACT_THEMES.map(({ code, label, typeCode }) => ({ code, label, typeCode })) },
    ...subscriptionsOf(contractList, core.options, today),
    contractsSubscribed: contractList,
    companyOptions: core.options
      .filter((o) => o.kind === 'COLLECTIVE_OPTION')
      .map(({ insurerContract, code, label, monthlyCents, startDate, endDate }) => ({ insurerContract, code, label, monthlyCents, startDate, endDate })),
    // La Poste returned the member's mail (NPAI): the insurer checks the address before posting.
    verifySentByPostOffice: undeliverable,
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

const OWN_INSURED_FIELDS = [
  'id',
  'allBeneficiaries',
  'familyContacts',
  'familyAddresses',
  'allThemes',
  'allSubscriptions',
  'affiliations',
  'contractsSubscribed',
  'companyOptions',
  'verifySentByPostOffice',
  'passwordLastModification',
  'firstConnection',
  'showPopupPasswordValidity',
  'mustRenewPassword',
  'validatedLegalPages',
  'finishedTutorial',
  'lastConnection',
  'invalidPersonalInformation',
  'insuredContact',
] as const satisfies readonly (keyof OwnInsured)[];

/** The members module's part of `insured` for its manifest: one loader per field, all from one shared read. */
export const ownInsuredPart: InsuredPart = Object.fromEntries(
  OWN_INSURED_FIELDS.map((key) => [key, async (ctx: MemberContext) => (await ctx.once('members.insured', () => loadOwnInsured(ctx)))[key]]),
);
