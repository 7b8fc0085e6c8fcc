/*
 * Requests ("demandes") and their timeline — the rules, without zod (home and the layout read them at
 * start-up; the wire schemas built on them are in requests.ts): request types, the spec's request kinds
 * with what each says on top of its type's rules, timeline steps, status keys and badges. Long because
 * it is one table of rules both sides read, split it and the lists drift apart. request-kinds.ts
 * composes the kinds with those the areas declare (the badge, the timeline and the reply of a kind).
 */

import type { StatusBadgeLabel } from './status-badges';

/** The five families of requests a member can have. */
export const REQUEST_TYPES = ['supporting_document', 'bill', 'document', 'quotation', 'message'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const REQUEST_TYPE_LABELS: Record<RequestType, string> = {
  supporting_document: 'Justificatif',
  bill: 'Facture',
  document: 'Document',
  quotation: 'Devis',
  message: 'Message',
};

/** Supporting documents (justificatifs); their codes come from the server's request-types list. */
export const SUPPORTING_DOCUMENT_KINDS = ['schooling', 'tax_notice', 'pension_rights', 'employment_center', 'disability', 'social_security'] as const;
export type SupportingDocumentKind = (typeof SUPPORTING_DOCUMENT_KINDS)[number];

/** Bills sent for a refund; codes from the server's list. */
export const BILL_KINDS = ['alternative_medicine', 'dental', 'hospital_care', 'new_optical_equipment', 'various', 'spa_stay', 'new_hearing_aid'] as const;
export type BillKind = (typeof BILL_KINDS)[number];

/** Quotes; codes from the server's list. */
export const QUOTATION_KINDS = ['dental_quote', 'optical_quote', 'hospital_quote', 'other_quote', 'audio_quote'] as const;
export type QuotationKind = (typeof QUOTATION_KINDS)[number];

/** Documents, with the fixed codes of the spec. */
export const DOCUMENT_KIND_CODES = { rib: 11, mandate: 12, other: 13 } as const;
export type DocumentKind = keyof typeof DOCUMENT_KIND_CODES;

/** Message kinds and their type codes, exactly as the spec lists them (10020 and 10021 do not exist). */
export const MESSAGE_KIND_CODES = {
  specific_demand: 9999,
  teletransmission: 10000,
  third_party_payment_card: 10001,
  other: 10002,
  add_beneficiary: 10003,
  delete_beneficiary: 10004,
  request_additional_parts: 10005,
  info_message: 10006,
  supporting_docs_pacs: 10007,
  supporting_docs_common_life: 10008,
  supporting_docs_others: 10009,
  membership_other: 10010,
  membership_fee_other: 10011,
  warranties_other: 10012,
  refunds_other: 10013,
  support_other: 10014,
  teletransmission_other: 10015,
  others: 10016,
  membership_change_option: 10017,
  resend_tp_card: 10018,
  hospital_care: 10019,
  membership_fee_timeline: 10022,
  rib: 10023,
  claim_request_membership_fee: 10024,
  claim_request_membership: 10025,
  claim_request_tp_card: 10026,
  claim_request_warranties: 10027,
  claim_request_refunds: 10028,
  claim_request_teletransmission: 10029,
  cancel_paid_options: 10030,
  contract_termination: 10031,
  rib_beneficiary: 10032,
} as const;
export type MessageKind = keyof typeof MESSAGE_KIND_CODES;
export const MESSAGE_KINDS = Object.keys(MESSAGE_KIND_CODES) as MessageKind[];

/** Kind (code name) of each request type; a code name is unique within its type only ('rib', 'hospital_care'). */
export const REQUEST_KINDS = {
  supporting_document: SUPPORTING_DOCUMENT_KINDS,
  bill: BILL_KINDS,
  document: Object.keys(DOCUMENT_KIND_CODES) as DocumentKind[],
  quotation: QUOTATION_KINDS,
  message: MESSAGE_KINDS,
} as const satisfies Record<RequestType, readonly string[]>;

/** French label of every kind, by type then code name. */
export const REQUEST_KIND_LABELS = {
  supporting_document: {
    schooling: 'Certificat de scolarité',
    tax_notice: 'Avis d’imposition',
    pension_rights: 'Justificatif de droits à la retraite',
    employment_center: 'Justificatif d’indemnisation France Travail',
    disability: 'Justificatif d’invalidité',
    social_security: 'Attestation de droits à la Sécurité sociale',
  },
  bill: {
    alternative_medicine: 'Médecines douces',
    dental: 'Dentaire',
    hospital_care: 'Hospitalisation',
    new_optical_equipment: 'Nouvel équipement optique',
    various: 'Soins courants',
    spa_stay: 'Cure thermale',
    new_hearing_aid: 'Nouvel appareil auditif',
  },
  document: { rib: 'Relevé d’identité bancaire', mandate: 'Mandat de prélèvement SEPA', other: 'Autre document' },
  quotation: {
    dental_quote: 'Devis dentaire',
    optical_quote: 'Devis optique',
    hospital_quote: 'Devis hospitalier',
    other_quote: 'Autre devis',
    audio_quote: 'Devis audioprothèse',
  },
  message: {
    specific_demand: 'Demande spécifique',
    teletransmission: 'Télétransmission',
    third_party_payment_card: 'Carte de tiers payant',
    other: 'Autre demande',
    add_beneficiary: 'Ajout d’un bénéficiaire',
    delete_beneficiary: 'Suppression d’un bénéficiaire',
    request_additional_parts: 'Demande de pièces complémentaires',
    info_message: 'Message d’information',
    supporting_docs_pacs: 'Justificatif de PACS',
    supporting_docs_common_life: 'Attestation de vie commune',
    supporting_docs_others: 'Autres justificatifs',
    membership_other: 'Adhésion\u00a0: autre question',
    membership_fee_other: 'Cotisations\u00a0: autre question',
    warranties_other: 'Garanties\u00a0: autre question',
    refunds_other: 'Remboursements\u00a0: autre question',
    support_other: 'Accompagnement\u00a0: autre question',
    teletransmission_other: 'Télétransmission\u00a0: autre question',
    others: 'Autres',
    membership_change_option: 'Changement d’option',
    resend_tp_card: 'Renvoi de la carte de tiers payant',
    hospital_care: 'Prise en charge hospitalière',
    membership_fee_timeline: 'Échéancier de cotisations',
    rib: 'Changement de coordonnées bancaires',
    claim_request_membership_fee: 'Réclamation\u00a0: cotisations',
    claim_request_membership: 'Réclamation\u00a0: adhésion',
    claim_request_tp_card: 'Réclamation\u00a0: carte de tiers payant',
    claim_request_warranties: 'Réclamation\u00a0: garanties',
    claim_request_refunds: 'Réclamation\u00a0: remboursements',
    claim_request_teletransmission: 'Réclamation\u00a0: télétransmission',
    cancel_paid_options: 'Résiliation d’options payantes',
    contract_termination: 'Résiliation du contrat',
    rib_beneficiary: 'Changement de RIB d’un bénéficiaire',
  },
} as const satisfies { [T in RequestType]: Record<(typeof REQUEST_KINDS)[T][number], string> };

/**
 * The server's request-types list ("document types"): every type code with its type and code name.
 * Codes of bill, supporting-document and quotation kinds are the server's choice (seeded from
 * DEFAULT_REQUEST_TYPE_CODES); clients look them up by code name with typeCodeOf, never hard-code them.
 */
export type TRequestTypeEntry = { typeCode: number; type: RequestType; codeName: string; label: string };

/** Codes the server seeds for the kinds whose codes the spec leaves to the server (schooling is 1: upload type 1). */
export const DEFAULT_REQUEST_TYPE_CODES: { [T in Exclude<RequestType, 'document' | 'message'>]: Record<(typeof REQUEST_KINDS)[T][number], number> } = {
  supporting_document: { schooling: 1, tax_notice: 2, pension_rights: 3, employment_center: 4, disability: 5, social_security: 6 },
  bill: { alternative_medicine: 21, dental: 22, hospital_care: 23, new_optical_equipment: 24, various: 25, spa_stay: 26, new_hearing_aid: 27 },
  quotation: { dental_quote: 31, optical_quote: 32, hospital_quote: 33, other_quote: 34, audio_quote: 35 },
};

/** Type code of a kind in a request-types list, or null when the list does not have it. */
export function typeCodeOf(list: readonly TRequestTypeEntry[], type: RequestType, codeName: string): number | null {
  return list.find((e) => e.type === type && e.codeName === codeName)?.typeCode ?? null;
}

/** The message kind of a type code, or null when the code is not a message kind. */
export function messageKindOf(typeCode: number): MessageKind | null {
  return MESSAGE_KINDS.find((k) => MESSAGE_KIND_CODES[k] === typeCode) ?? null;
}

// ───────────────────────────── status keys and badges ─────────────────────────────

export const STATUS_KEYS = ['done', 'in_progress', 'check_in_progress', 'study', 'to_process', 'read', 'unread', 'request_sent'] as const;
export type StatusKey = (typeof STATUS_KEYS)[number];

// The badges' two sets and their tone are a module of their own: a badge on home loads them, not every request rule.
export { SUCCESS_BADGES, WARNING_BADGES, badgeTone, type BadgeTone, type StatusBadgeLabel } from './status-badges';

export type RequestRef = { type: RequestType; typeCode: number; statusKey: StatusKey };

/** A request with an unread status (or not yet opened) is flagged new. */
export function isRequestNew({ statusKey, read }: { statusKey: StatusKey; read: boolean }): boolean {
  return statusKey === 'unread' || !read;
}

// ───────────────────────────── reply rule ─────────────────────────────

/** The title marker of a request that never accepts a reply (the reply rule: request-kinds.ts). */
export const NO_REPLY_MARKER = '[FDC]';

// ───────────────────────────── timeline ─────────────────────────────

/** Steps only supporting documents and bills may wait on. */
export const WAITING_STEPS = [
  'waiting_contract_opening',
  'waiting_information',
  'waiting_noemie',
  'waiting_social_security_statement',
  'waiting_first_mutual_statement',
  'waiting_france_travail_proof',
] as const;

/** Steps of a request's timeline ("statusList"). */
export const TIMELINE_STEPS = [
  'received',
  'check_in_progress',
  'check_done',
  'study',
  'done',
  'taken_into_account',
  ...WAITING_STEPS,
  'in_progress',
  'answered',
  'printing',
  'sent',
  'information_required',
  'file_updated',
  'request_sent',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

const CLAIM_KINDS: readonly MessageKind[] = [
  'claim_request_membership_fee',
  'claim_request_membership',
  'claim_request_tp_card',
  'claim_request_warranties',
  'claim_request_refunds',
  'claim_request_teletransmission',
];

export function isClaimKind(kind: MessageKind | null): boolean {
  return kind !== null && CLAIM_KINDS.includes(kind);
}

/**
 * The management centre's request for additional parts (10005) still waits for the member's files:
 * until they are sent (« Étude de votre réponse ») or the request is closed. The « missing
 * information » dialog answers it.
 */
export function awaitsMissingInformation(request: { typeCode: number; statusKey: string }): boolean {
  return request.typeCode === MESSAGE_KIND_CODES.request_additional_parts && request.statusKey !== 'study' && request.statusKey !== 'done';
}

/** Caption under a claim's in-progress step: the answer deadline of section 9. */
export const CLAIM_ANSWER_DAYS = 60;
export const CLAIM_ACKNOWLEDGE_DAYS = 10;

/** Steps that close a request's path: "treated or done" and their per-kind equivalents. */
export const FINAL_STEPS = ['done', 'taken_into_account', 'sent', 'file_updated'] as const satisfies readonly TimelineStep[];
export function isFinalStep(step: TimelineStep): boolean {
  return (FINAL_STEPS as readonly string[]).includes(step);
}

/** Link of a step: done steps offer "Contact" (opens the new-request dialog), the others "Voir". */
export const STEP_LINK_CONTACT = 'Contact';
export const STEP_LINK_SEE = 'Voir';
export function timelineStepLink(step: TimelineStep): typeof STEP_LINK_CONTACT | typeof STEP_LINK_SEE {
  return isFinalStep(step) ? STEP_LINK_CONTACT : STEP_LINK_SEE;
}

// ───────────────────────────── writing ─────────────────────────────

export const MESSAGE_BODY_MAX = 4000;
export const MESSAGE_OBJECT_MAX = 120;
/**
 * What a message, its object and its comment may contain: letters (accents included), digits, spaces
 * and ordinary punctuation. Markup and control characters ("special characters") are refused.
 */
export const MESSAGE_TEXT_PATTERN = /^[\p{L}\p{M}\p{N}\s.,;:!?'"’‘“”«»()\-–—/@€$%&+*#°_=\n\r]*$/u;

export const MESSAGE_ERRORS = {
  objectEmpty: "Le champ 'Objet' ne peut pas être vide",
  bodyEmpty: "Le champ 'Message' ne peut pas être vide",
  objectMax: `Le champ 'Objet' ne doit pas dépasser ${MESSAGE_OBJECT_MAX} caractères`,
  bodyMax: `Le champ 'Message' ne doit pas dépasser ${MESSAGE_BODY_MAX} caractères`,
  specialCharacters: 'Les caractères spéciaux ne sont pas autorisés',
  category: 'Veuillez choisir une catégorie',
} as const;

/** Message kinds a member may choose when writing a new message (the others are written by the insurer or by dedicated flows). */
export const MEMBER_MESSAGE_KINDS = [
  'specific_demand',
  'teletransmission',
  'third_party_payment_card',
  'other',
  'membership_other',
  'membership_fee_other',
  'warranties_other',
  'refunds_other',
  'support_other',
  'teletransmission_other',
  'others',
] as const satisfies readonly MessageKind[];

// ───────────────────────────── kinds and their own rules ─────────────────────────────

/** What a kind says on top of its type's rules (request-kinds.ts reads them). */
export type RequestKindRules = {
  /** Its nominal path, first step to last, when not its type's. */
  steps?: readonly TimelineStep[];
  /** Its own wording of some steps. */
  stepLabels?: Partial<Record<TimelineStep, string>>;
  /** Its own wording of some statuses, among the spec's badges. */
  badges?: Partial<Record<StatusKey, StatusBadgeLabel>>;
  /** A message kind the member may still answer once it is done. */
  replyWhenDone?: boolean;
};

/** An area's kinds of one type, by code name: the type code (its `request_types` row, in the area's migration), the label, the rules. */
export type RequestKindGroup = { type: RequestType; kinds: Readonly<Record<string, { typeCode: number; label: string } & RequestKindRules>> };

/**
 * Declares an area's request kinds in its own `<area>-request-kinds.ts` (without zod: the layout reads
 * them); the contracts index composes them with the spec's.
 */
export function defineRequestKinds<const K extends RequestKindGroup['kinds']>(type: RequestType, kinds: K): { type: RequestType; kinds: K } {
  return { type, kinds };
}

const CLAIM_RULES: RequestKindRules = { steps: ['received', 'in_progress', 'answered', 'done'] };
const REPLY_WHEN_DONE: RequestKindRules = { replyWhenDone: true };

/** The spec's message kinds with rules of their own. */
const MESSAGE_KIND_RULES: Partial<Record<MessageKind, RequestKindRules>> = {
  ...Object.fromEntries(CLAIM_KINDS.map((kind) => [kind, CLAIM_RULES])),
  resend_tp_card: { steps: ['received', 'printing', 'sent'], badges: { in_progress: 'Impression en cours', done: 'Carte envoyée' } },
  request_additional_parts: { steps: ['information_required', 'study', 'done'] },
  info_message: { steps: ['file_updated'] },
  add_beneficiary: { steps: ['request_sent', 'done'], badges: { done: 'Rattachement effectué' } },
  delete_beneficiary: {
    steps: ['taken_into_account', 'in_progress'],
    badges: { request_sent: 'Pris en compte' },
    stepLabels: { taken_into_account: 'Demande prise en compte', in_progress: 'En cours de traitement par le centre de gestion' },
  },
  hospital_care: { badges: { in_progress: 'En cours de préparation' }, stepLabels: { done: 'Prise en charge' } },
  membership_fee_timeline: REPLY_WHEN_DONE,
  rib: REPLY_WHEN_DONE,
  cancel_paid_options: REPLY_WHEN_DONE,
  contract_termination: REPLY_WHEN_DONE,
  rib_beneficiary: REPLY_WHEN_DONE,
};

function specGroup(type: RequestType, codes: Record<string, number>, rules: Partial<Record<string, RequestKindRules>> = {}): RequestKindGroup {
  const labels = REQUEST_KIND_LABELS[type] as Record<string, string>;
  return {
    type,
    kinds: Object.fromEntries(Object.entries(codes).map(([codeName, typeCode]) => [codeName, { typeCode, label: labels[codeName]!, ...rules[codeName] }])),
  };
}

/** The spec's kinds, as an area declares its own. */
export const REQUEST_KINDS_OF_THE_SPEC: readonly RequestKindGroup[] = [
  specGroup('supporting_document', DEFAULT_REQUEST_TYPE_CODES.supporting_document),
  specGroup('bill', DEFAULT_REQUEST_TYPE_CODES.bill),
  specGroup('document', DOCUMENT_KIND_CODES),
  specGroup('quotation', DEFAULT_REQUEST_TYPE_CODES.quotation),
  specGroup('message', MESSAGE_KIND_CODES, MESSAGE_KIND_RULES),
];
