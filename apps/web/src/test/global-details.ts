import type { TGlobalDetails } from '@mutua/contracts/global-details';
import type { TRefundSummary } from '@mutua/contracts/refunds';
import type { TRequest, TRequestGroup, TRequestStatusStep } from '@mutua/contracts/requests';
import { setCookies } from './fetch';
import { BRAND } from './fixtures';

/*
 * THE global details (GET /api/all-info) of every web test: Camille's family, signed in with
 * everything in order (legal pages accepted, information complete), a few requests and refunds.
 * Builders take overrides so that a test states only what it is about; `insured` merges field by field.
 */

let counter = 0;
/** A fresh, valid-looking UUID (tests compare ids, never parse them). */
export function uuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

export function step(overrides: Partial<TRequestStatusStep> = {}): TRequestStatusStep {
  return {
    id: uuid(),
    step: 'received',
    label: 'Reçu par nos équipes',
    labelCaption: null,
    infoMessage: null,
    linkInfoMessage: 'Voir',
    date: '2026-01-10',
    current: false,
    documents: [],
    ...overrides,
  };
}

export function request(overrides: Partial<TRequest> = {}): TRequest {
  return {
    id: uuid(),
    groupId: uuid(),
    typeCode: 10002,
    type: 'message',
    kind: 'other',
    kindLabel: 'Autre demande',
    title: 'Une question',
    statusKey: 'in_progress',
    statusLabel: 'En cours',
    statusTone: 'warning',
    read: true,
    isNew: false,
    canReply: true,
    beneficiary: null,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-12T09:00:00.000Z',
    statusList: [step({ current: true })],
    messages: [],
    ...overrides,
  };
}

export function group(requests: TRequest[], overrides: Partial<TRequestGroup> = {}): TRequestGroup {
  const id = overrides.id ?? uuid();
  return {
    id,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-12T09:00:00.000Z',
    ...overrides,
    requests: requests.map((r) => ({ ...r, groupId: id })),
  };
}

export function refund(overrides: Partial<TRefundSummary> = {}): TRefundSummary {
  return {
    id: uuid(),
    reference: 'D20260115-0001',
    careDate: '2026-01-08',
    paymentDate: '2026-01-15',
    beneficiary: { familyPosition: 1, firstName: 'CAMILLE', surName: 'DURAND', type: 'main' },
    actFamily: 'consultation',
    actFamilyLabel: 'Consultations et visites',
    actWording: 'Consultation de médecine générale',
    paymentTarget: 'bank_account',
    thirdPartyName: 'Dr Claire Martin',
    totalCostCents: 3000,
    socialSecurityCents: 2000,
    otherMutualCents: 0,
    productCents: 900,
    remainingChargeCents: 100,
    socialSecurityRate: 70,
    stage: 'validated',
    expectedArrivalDate: null,
    ...overrides,
  };
}

type LegalPageWithAcceptance = TGlobalDetails['legalPages'][number];

export function legalPage(overrides: Partial<LegalPageWithAcceptance> = {}): LegalPageWithAcceptance {
  return {
    type: 'cgu',
    version: 2,
    title: 'Conditions générales d’utilisation',
    content: 'Premier paragraphe.\n\nSecond paragraphe.',
    requiresAcceptance: true,
    publishedAt: '2026-01-01T00:00:00Z',
    accepted: true,
    ...overrides,
  };
}

/** The tenant's three legal pages, all accepted unless a type is listed in `unaccepted`. */
export function legalPages(...unaccepted: LegalPageWithAcceptance['type'][]): LegalPageWithAcceptance[] {
  return [
    legalPage(),
    legalPage({ type: 'confidentialite', version: 1, title: 'Politique de confidentialité', content: 'Vos données.' }),
    legalPage({ type: 'mentions-legales', version: 1, title: 'Mentions légales', content: 'Éditeur.', requiresAcceptance: false, accepted: false }),
  ].map((page) => (unaccepted.includes(page.type) ? { ...page, accepted: false } : page));
}

/** The readable `vauth` cookie of a signed-in member: the global details load only then (lib/global-details). */
export function signedIn(): void {
  setCookies('vauth=true');
}

export type GlobalDetailsOverrides = { insured?: Partial<TGlobalDetails['insured']> } & Partial<Omit<TGlobalDetails, 'insured'>>;

export function globalDetails({ insured, ...overrides }: GlobalDetailsOverrides = {}): TGlobalDetails {
  const requests = [
    group([
      request({
        title: 'Pièces complémentaires',
        statusKey: 'unread',
        statusLabel: 'Message non lu',
        read: false,
        isNew: true,
        typeCode: 10005,
        kind: 'request_additional_parts',
      }),
    ]),
    group([
      request({
        title: 'Facture dentaire de Thomas',
        type: 'bill',
        typeCode: 22,
        kind: 'dental',
        kindLabel: 'Dentaire',
        statusKey: 'check_in_progress',
        statusLabel: 'Vérification en cours',
      }),
    ]),
    group([
      request({ title: 'Changement de coordonnées bancaires', typeCode: 10023, kind: 'rib', statusKey: 'done', statusLabel: 'Traité', statusTone: 'success' }),
    ]),
    group([
      request({
        title: 'Certificat de scolarité de Noah',
        type: 'supporting_document',
        typeCode: 1,
        kind: 'schooling',
        statusKey: 'done',
        statusLabel: 'Situation actualisée',
        statusTone: 'success',
      }),
    ]),
  ];
  return {
    profile: { membershipNumber: '12345678' },
    announcement: null,
    isAnnouncementDisplayed: false,
    dayCallHourRates: [],
    environmentMapping: { environmentId: 'mutua', name: 'Mutua Santé' },
    applicationUser: { userEnvironment: 'mutua' },
    insured: {
      id: uuid(),
      allBeneficiaries: {
        beneficiaries: [
          {
            id: 'b1',
            familyPosition: 1,
            rank: 'MAIN',
            firstName: 'CAMILLE',
            surName: 'DURAND',
            birthDate: '1986-04-12',
            sex: 'F',
            insured: true,
            teletransmission: 'ACTIVE',
          },
          {
            id: 'b2',
            familyPosition: 2,
            rank: 'PARTNER',
            firstName: 'THOMAS',
            surName: 'DURAND',
            birthDate: '1984-09-30',
            sex: 'M',
            insured: true,
            teletransmission: 'ACTIVE',
          },
          {
            id: 'b3',
            familyPosition: 3,
            rank: 'CHILD',
            firstName: 'LÉA',
            surName: 'DURAND',
            birthDate: '2014-02-18',
            sex: 'F',
            insured: true,
            teletransmission: 'ACTIVE',
          },
        ],
      },
      familyContacts: { contacts: [] },
      familyAddresses: { addresses: [{ line1: '12 rue des Lilas', line2: null, line3: null, zipCode: '75011', city: 'Paris', country: 'France' }] },
      tpCardInformations: null,
      ribInformations: { rib: null },
      allThemes: { contactsThemes: [] },
      allSubscriptions: [],
      affiliations: [],
      contractsSubscribed: [
        {
          familyPosition: 1,
          kind: 'INDIVIDUAL',
          label: 'Santé Essentielle Individuelle',
          incomingDate: '2024-01-01',
          outgoingDate: null,
          insurerContract: 'IND-2024-0042',
          productNumber: 'P1',
          companyId: null,
          baseOptionCode: 'BASE',
        },
      ],
      healthCareNetworks: [],
      companyOptions: [],
      verifySentByPostOffice: false,
      paymentSchedules: [],
      notifications: [],
      passwordLastModification: '2025-12-01T10:00:00.000Z',
      firstConnection: false,
      showPopupPasswordValidity: false,
      mustRenewPassword: false,
      validatedLegalPages: true,
      finishedTutorial: true,
      lastConnection: '2026-01-14T13:30:00.000Z',
      invalidPersonalInformation: false,
      insuredContact: { email: 'camille.durand@example.com', secondaryEmail: null, mobileNumber: '0612345678', phoneNumber: null },
      ...insured,
    },
    faqCategories: [],
    legalPages: legalPages(),
    healthCare: { allActs: [], allFrequentActs: [], defaultDocuments: [], hospitalizationTypes: [] },
    refunds: [
      refund(),
      refund({
        actWording: 'Détartrage et polissage',
        actFamily: 'dental',
        actFamilyLabel: 'Dentaire',
        productCents: 1234,
        beneficiary: { familyPosition: 2, firstName: 'THOMAS', surName: 'DURAND', type: 'partner' },
      }),
    ],
    allActsRefunds: [
      { code: 'consultation', label: 'Consultations et visites' },
      { code: 'dental', label: 'Dentaire' },
    ],
    allRequests: requests,
    lastRequests: requests.slice(0, 3),
    timelineRecent: [],
    allDocuments: {
      documentsDto: {
        documents: [
          {
            id: uuid(),
            fileName: 'certificat-scolarite-noah.pdf',
            uploadDate: '2026-01-05',
            typeCode: 1,
            nameBeneciary: 'NOAH DURAND',
            typeDoc: 'JUSTIFICATIF',
          },
        ],
      },
      uploadDocumentsTypes: [{ typeCode: 1, type: 'supporting_document', codeName: 'schooling', label: 'Certificat de scolarité' }],
    },
    alertDtoList: [],
    noemieStateDtoList: [],
    featureStatus: [{ feature_id: 'BENEFICIARIES_ADD', enabled: true, params: null }],
    averageRequestResponseDelay: {
      prestationFuturDate: '2026-01-20',
      adhesionFuturDate: '2026-01-25',
      prestationPastDate: '2026-01-10',
      adhesionPastDate: '2026-01-05',
    },
    entityTutorialDtos: [
      { position: 1, title: 'Bienvenue dans votre espace adhérent', text: 'Retrouvez en un seul endroit votre contrat santé.' },
      { position: 2, title: 'Mes remboursements', text: 'Suivez vos remboursements de soins.' },
    ],
    entityHasServices: true,
    companySpecificities: [],
    documentsDisplay: { tabs: ['health', 'foresight', 'contribution', 'shared'], paymentScheduleOffered: true },
    brand: BRAND,
    insurer: { name: 'Mutua Santé' },
    insuredMobileApplication: { enabled: true, appStoreUrl: 'https://apps.example/ios', playStoreUrl: 'https://play.example/android' },
    showOldInsuredSpaceLink: false,
    oldInsuredSpace: { url: null, exitSurveyUrl: null },
    logoutRedirectUrl: null,
    isBoAuthentication: false,
    hasNonBasePolicy: false,
    entityHasDigitalCampaigns: false,
    schoolingCampaign: null,
    portability: null,
    environmentHasMandatoryInformations: true,
    ...overrides,
  };
}
