import { z } from 'zod';
import { dataEnvelope } from './api';
import { ZBrand } from './brand';
import { ZBeneficiaryRank } from './beneficiary-rank';
import { ZMemberNotification, ZSchoolingCampaign, ZTutorialStep } from './campaigns';
import { ZPortability } from './portability';
import { ZCareNetwork } from './care-network';
import { ZAlert, ZNoemieState } from './home-notices';
import { ZFeatureStatus } from './features';
import { ZFaqCategory } from './faq';
import { ZHealthCare } from './healthcare';
import { ZLegalPage } from './legal-pages';
import { ZAddress, ZContact } from './personal-info';
import { DOCUMENT_TABS, ZAllDocuments, ZPaymentSchedule } from './documents';
import { ZRefundsInfo } from './refunds';
import { ZTpCardInformations } from './tp-card';
import { ZAverageRequestResponseDelay, ZRequestsInfo, ZTimelineRecentInfo } from './requests';

/**
 * Global details (`GET /api/all-info`), every field the portal reads, loaded once after
 * login, each answered by the module that owns its data.
 */

export { ZBeneficiaryRank, type BeneficiaryRank } from './beneficiary-rank';

/** An insured person of the family; names as stored (upper case), the UI capitalises them. */
export const ZBeneficiary = z.object({
  id: z.string(),
  familyPosition: z.number().int(),
  rank: ZBeneficiaryRank,
  firstName: z.string(),
  surName: z.string(),
  birthDate: z.string(),
  sex: z.enum(['M', 'F']),
  insured: z.boolean(),
  teletransmission: z.enum(['INACTIVE', 'ACTIVE', 'NOT_WISHED']),
});
export type TBeneficiary = z.infer<typeof ZBeneficiary>;

export const ZContractSubscribed = z.object({
  familyPosition: z.number().int(),
  kind: z.enum(['COLLECTIVE', 'INDIVIDUAL']),
  label: z.string(),
  incomingDate: z.string(),
  /** null: ongoing. */
  outgoingDate: z.string().nullable(),
  insurerContract: z.string(),
  productNumber: z.string(),
  companyId: z.string().nullable(),
  baseOptionCode: z.string(),
});

/** A theme the member may write to us about (contact-us): its code, label and request type. */
export const ZContactTheme = z.object({ code: z.string(), label: z.string(), typeCode: z.number().int() });
/** One contract the family subscribed: what it covers, whom, its options, ongoing or ended. */
export const ZSubscription = z.object({
  insurerContract: z.string(),
  label: z.string(),
  kind: z.enum(['COLLECTIVE', 'INDIVIDUAL']),
  productNumber: z.string(),
  status: z.enum(['ACTIVE', 'FINISHED']),
  startDate: z.string(),
  endDate: z.string().nullable(),
  familyPositions: z.array(z.number().int()),
  optionCodes: z.array(z.string()),
});
/** One person's membership of one contract (who is covered by what, from when to when). */
export const ZAffiliation = z.object({ familyPosition: z.number().int(), insurerContract: z.string(), startDate: z.string(), endDate: z.string().nullable() });
/** An option of the employer's collective contract. */
export const ZCompanyOption = z.object({
  insurerContract: z.string(),
  code: z.string(),
  label: z.string(),
  monthlyCents: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
});
/** The phone line's hours for one day of the week (1 Monday … 7 Sunday), Paris time. */
export const ZDayCallHours = z.object({ dayOfWeek: z.number().int().min(1).max(7), day: z.string(), opensAt: z.string(), closesAt: z.string() });
/** What the documents page shows: its tabs that have documents (the shared one always), and the payment schedule. */
export const ZDocumentsDisplay = z.object({ tabs: z.array(z.enum(DOCUMENT_TABS)), paymentScheduleOffered: z.boolean() });

export const ZInsured = z.object({
  /** The member's id. */
  id: z.string(),
  /** Insured beneficiaries only: main, partner, then the others by birth date. */
  allBeneficiaries: z.object({ beneficiaries: z.array(ZBeneficiary) }),
  familyContacts: z.object({ contacts: z.array(ZContact) }),
  familyAddresses: z.object({ addresses: z.array(ZAddress) }),
  tpCardInformations: ZTpCardInformations.nullable(),
  ribInformations: z.object({ rib: z.unknown().nullable() }),
  allThemes: z.object({ contactsThemes: z.array(ZContactTheme) }),
  allSubscriptions: z.array(ZSubscription),
  affiliations: z.array(ZAffiliation),
  contractsSubscribed: z.array(ZContractSubscribed),
  /** The tenant's care networks (Services). */
  healthCareNetworks: z.array(ZCareNetwork),
  companyOptions: z.array(ZCompanyOption),
  verifySentByPostOffice: z.boolean(),
  /** The payment schedule of each ongoing individual contract (individually debited contributions). */
  paymentSchedules: z.array(ZPaymentSchedule),
  /** Open notifications: the insurer waits for an upload (upload type 1: the schooling campaign). */
  notifications: z.array(ZMemberNotification),
  /** ISO timestamp of the last password change. */
  passwordLastModification: z.string(),
  firstConnection: z.boolean(),
  /** The password is old (PASSWORD_VALIDITY_DAYS) or must be renewed: show the validity popup. */
  showPopupPasswordValidity: z.boolean(),
  /** Must the password be changed before going on (forced renewal)? */
  mustRenewPassword: z.boolean(),
  /** Every legal page requiring acceptance is accepted in its current version. */
  validatedLegalPages: z.boolean(),
  finishedTutorial: z.boolean(),
  /** Start of the previous session (null on the very first one). */
  lastConnection: z.string().nullable(),
  /** Mobile, e-mail, city, zip code or first address line missing (the validate-info gate). */
  invalidPersonalInformation: z.boolean(),
  insuredContact: ZContact,
});
export type TInsured = z.infer<typeof ZInsured>;

export const ZGlobalDetails = z.object({
  profile: z.object({ membershipNumber: z.string() }),
  announcement: z.string().nullable(),
  isAnnouncementDisplayed: z.boolean(),
  /** The phone line's hours, day by day (empty: no phone line). */
  dayCallHourRates: z.array(ZDayCallHours),
  environmentMapping: z.object({ environmentId: z.string(), name: z.string() }),
  applicationUser: z.object({ userEnvironment: z.string() }),
  insured: ZInsured,
  faqCategories: z.array(ZFaqCategory),
  legalPages: z.array(ZLegalPage.extend({ accepted: z.boolean() })),
  healthCare: ZHealthCare,
  refunds: ZRefundsInfo.shape.refunds,
  allActsRefunds: ZRefundsInfo.shape.allActsRefunds,
  /**
   * Every request group of the family: only in the answer of `?actionKey=requests` (the requests page
   * loads it when it opens); the full answer leaves it out (GLOBAL_DETAILS_ON_DEMAND).
   */
  allRequests: ZRequestsInfo.shape.allRequests.optional(),
  /** The first LAST_REQUESTS_SHOWN groups of allRequests (home). */
  lastRequests: ZRequestsInfo.shape.lastRequests,
  timelineRecent: ZTimelineRecentInfo.shape.timelineRecent,
  allDocuments: ZAllDocuments,
  /** Alerts for the member (and the whole tenant's), in force today, the most serious first. */
  alertDtoList: z.array(ZAlert),
  /** The Noémie link state of each insured beneficiary that has one. */
  noemieStateDtoList: z.array(ZNoemieState),
  featureStatus: z.array(ZFeatureStatus),
  averageRequestResponseDelay: ZAverageRequestResponseDelay,
  /** The tenant's first-connection tutorial steps, in order (empty: no tutorial). */
  entityTutorialDtos: z.array(ZTutorialStep),
  entityHasServices: z.boolean(),
  companySpecificities: z.array(z.looseObject({ specificitiesType: z.string() })),
  documentsDisplay: ZDocumentsDisplay,
  brand: ZBrand,
  insurer: z.object({ name: z.string() }),
  insuredMobileApplication: z.object({ enabled: z.boolean(), appStoreUrl: z.string().nullable(), playStoreUrl: z.string().nullable() }),
  showOldInsuredSpaceLink: z.boolean(),
  oldInsuredSpace: z.object({ url: z.string().nullable(), exitSurveyUrl: z.string().nullable() }),
  logoutRedirectUrl: z.string().nullable(),
  isBoAuthentication: z.boolean(),
  hasNonBasePolicy: z.boolean(),
  entityHasDigitalCampaigns: z.boolean(),
  /** The schooling campaign the member is shown (campaigns.ts schoolingCampaignFor), or null. */
  schoolingCampaign: ZSchoolingCampaign.nullable(),
  /** The France Travail portability popup's case (portability.ts portabilityFor), or null. */
  portability: ZPortability.nullable(),
  /** The tenant asks every member to complete their personal information (the validate-info gate). */
  environmentHasMandatoryInformations: z.boolean(),
});
export type TGlobalDetails = z.infer<typeof ZGlobalDetails>;
export type GlobalDetailsKey = keyof TGlobalDetails;

/**
 * `GET /api/all-info?actionKey=…` answers only the fields of its action, so that one part of the
 * query cache can be refreshed. Unknown keys answer ACTION_NOT_FOUND.
 */
export const GLOBAL_DETAILS_ACTIONS = {
  requests: ['allRequests', 'lastRequests', 'averageRequestResponseDelay'],
  timeline_recent: ['timelineRecent'],
} as const satisfies Record<string, readonly GlobalDetailsKey[]>;
export type GlobalDetailsActionKey = keyof typeof GLOBAL_DETAILS_ACTIONS;

/**
 * Fields the full `GET /api/all-info` leaves out, answered only through their action: the whole request
 * history was 61 of the 88 KB of the demo family's answer, and only the requests page reads it (home
 * shows lastRequests).
 */
export const GLOBAL_DETAILS_ON_DEMAND = ['allRequests'] as const satisfies readonly GlobalDetailsKey[];
export const GLOBAL_DETAILS_ACTION_KEYS = Object.keys(GLOBAL_DETAILS_ACTIONS) as GlobalDetailsActionKey[];

export function isGlobalDetailsActionKey(value: unknown): value is GlobalDetailsActionKey {
  return typeof value === 'string' && Object.hasOwn(GLOBAL_DETAILS_ACTIONS, value);
}

export const ZAllInfoQuery = z.object({ actionKey: z.string().max(64).optional() });
/** GET /api/all-info → { data: TGlobalDetails }. */
export const ZGlobalDetailsResponse = dataEnvelope(ZGlobalDetails);
/** GET /api/all-info?actionKey=… → { data: just the action's fields }. */
export const ZGlobalDetailsPartResponse = dataEnvelope(ZGlobalDetails.partial());
