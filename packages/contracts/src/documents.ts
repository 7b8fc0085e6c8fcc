import { z } from 'zod';
import { ZRequestTypeEntry } from './requests';

/*
 * Documents of what the member shared (supporting documents, typeDoc
 * JUSTIFICATIF) as listed in the global details' allDocuments, and the document types they may upload.
 * Every stored file is downloaded through GET /api/requests/messages/file?documentId=<id>.
 */

export const SHARED_DOCUMENT_KIND = 'JUSTIFICATIF' as const;

/** One shared document, with the spec's field names (nameBeneciary is spelled as the spec spells it). */
export const ZSharedDocument = z.object({
  id: z.uuid(),
  fileName: z.string(),
  uploadDate: z.iso.date(),
  typeCode: z.number().int(),
  nameBeneciary: z.string().nullable(),
  typeDoc: z.literal(SHARED_DOCUMENT_KIND),
});
export type TSharedDocument = z.infer<typeof ZSharedDocument>;

/** allDocuments of the global details. */
export const ZAllDocuments = z.object({
  documentsDto: z.object({ documents: z.array(ZSharedDocument) }),
  /** Supporting-document types the member may upload (codes from the server's request-types list). */
  uploadDocumentsTypes: z.array(ZRequestTypeEntry),
});
export type TAllDocuments = z.infer<typeof ZAllDocuments>;
export const ZDocumentsInfo = z.object({ allDocuments: ZAllDocuments });

// ───────────────────────────── the documents page (documents/{tab?}) ─────────────────────────────

/** The page's tabs: the insurer's documents by area, then the member's shared ones. */
export const DOCUMENT_TABS = ['health', 'foresight', 'contribution', 'shared'] as const;
export type DocumentTab = (typeof DOCUMENT_TABS)[number];
export const DOCUMENT_TAB_LABELS: Record<DocumentTab, string> = {
  health: 'Santé',
  foresight: 'Prévoyance',
  contribution: 'Cotisations',
  shared: 'Documents partagés',
};
/** The Type column. */
export const PAGE_DOCUMENT_KINDS = ['practical_guide', 'information_notice', 'guarantees_table', 'other'] as const;
export type PageDocumentKind = (typeof PAGE_DOCUMENT_KINDS)[number];
export const PAGE_DOCUMENT_KIND_LABELS: Record<PageDocumentKind, string> = {
  practical_guide: 'Guide pratique',
  information_notice: 'Notice d’information',
  guarantees_table: 'Tableau de garanties',
  other: 'Autre',
};

export const ZDocumentsQuery = z.object({ tab: z.enum(DOCUMENT_TABS, { error: 'Onglet inconnu.' }).default('health') });
/** One row of the page: Nom, Date d'upload (YYYY-MM-DD), Type; downloaded at GET /api/documents/{id}/file. */
export const ZPageDocument = z.object({ id: z.uuid(), name: z.string(), uploadedOn: z.iso.date(), kind: z.enum(PAGE_DOCUMENT_KINDS) });
export type TPageDocument = z.infer<typeof ZPageDocument>;

// ───────────────────────────── payment schedule resend (contribution tab) ─────────────────────────────

/** Once per this many hours (« Payment schedule resend within 24 hours »). */
export const PAYMENT_SCHEDULE_RESEND_HOURS = 24;
export const PAYMENT_SCHEDULE_TEXTS = {
  button: 'Recevoir mon échéancier par courrier',
  sent: 'Votre demande est enregistrée\u00a0: votre échéancier de cotisations vous sera envoyé par courrier sous 24\u00a0heures.',
  already: 'Vous avez déjà demandé votre échéancier il y a moins de 24\u00a0heures\u00a0: il vous sera envoyé par courrier sous 24\u00a0heures.',
  notIndividual: 'Vos cotisations sont prélevées par votre employeur\u00a0: votre échéancier vous est remis par lui.',
} as const;
/** GET /api/payment-schedule: whether the resend is offered (individually debited contributions) and possible now. */
export const ZPaymentScheduleState = z.object({ offered: z.boolean(), lastRequestedAt: z.string().nullable(), availableAgainAt: z.string().nullable() });
export type TPaymentScheduleState = z.infer<typeof ZPaymentScheduleState>;

// ───────────────────────────── payment schedule (échéancier) of individually debited contributions ─────────────────────────────

/** One direct debit of the schedule: its date, its amount and the month of cover it pays. */
export const ZPaymentDebit = z.object({ date: z.iso.date(), amountCents: z.number().int().positive(), periodStart: z.iso.date(), periodEnd: z.iso.date() });
export type TPaymentDebit = z.infer<typeof ZPaymentDebit>;

/**
 * The schedule of one individual contract (insured.paymentSchedules of the global details): the debits
 * of its current contract year and of the next one once the insurer has set it, the account debited
 * (IBAN masked), the SEPA mandate's reference (RUM) and the creditor (name, ICS) — what a
 * pre-notification of each debit must say.
 */
export const ZPaymentSchedule = z.object({
  insurerContract: z.string(),
  contractLabel: z.string(),
  debits: z.array(ZPaymentDebit),
  account: z.object({ holder: z.string(), ibanMasked: z.string() }).nullable(),
  mandateRum: z.string().nullable(),
  creditor: z.object({ name: z.string(), ics: z.string() }).nullable(),
});
export type TPaymentSchedule = z.infer<typeof ZPaymentSchedule>;

export const PAYMENT_SCHEDULE_VIEW_TEXTS = {
  title: 'Échéancier de cotisations',
  download: 'Télécharger l’échéancier (PDF)',
  none: 'Aucun prélèvement à venir sur ce contrat.',
} as const;

/** The PDF's file name (GET /api/contracts/{insurerContract}/payment-schedule.pdf). */
export const paymentScheduleFileName = (insurerContract: string) => `Echeancier_cotisations_${insurerContract.replace(/[^A-Za-z0-9-]+/g, '_')}.pdf`;

/** The debits still to come on `today` (the date included): what the contract card lists. */
export const upcomingDebits = (schedule: Pick<TPaymentSchedule, 'debits'>, today: string) => schedule.debits.filter((d) => d.date >= today);
