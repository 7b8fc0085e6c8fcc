import { z } from 'zod';
import { dataEnvelope } from './api';
import { ZEmail } from './auth';
import { addDaysIso, daysBetweenIso } from './dates';

/*
 * Third-party-payment card (GET /api/tp-card, card.pdf, paper-resend, verify). The card
 * panel: AMC number, contract number, care network, operator; paper resend states received →
 * printing → sent; a finished contract has no card; a paper card is sent at most once in 30 days;
 * file name carte_tiers_payant.
 */

export const PAPER_RESEND_BLOCK_DAYS = 30;

/** The day a new paper card may be asked again after one asked on `lastAskedOn`, or null when allowed on `today`. */
export function paperResendAllowedFrom(lastAskedOn: string | null, today: string): string | null {
  if (!lastAskedOn) return null;
  const from = addDaysIso(lastAskedOn, PAPER_RESEND_BLOCK_DAYS);
  return daysBetweenIso(today, from) > 0 ? from : null;
}

/**
 * insured.tpCardInformations of the global details: the numbers home's card block
 * shows for the ongoing contract; null when there is none (the card is then unavailable).
 */
export const ZTpCardInformations = z.object({
  amcNumber: z.string(),
  contractNumber: z.string(),
  careNetwork: z.string(),
  operator: z.string(),
  dematerialised: z.boolean(),
});
export type TTpCardInformations = z.infer<typeof ZTpCardInformations>;

export const ZTpCardBeneficiary = z.object({ familyPosition: z.number().int(), firstName: z.string(), surName: z.string(), rank: z.string() });

export const ZTpCard = z.object({
  insurerContract: z.string(),
  contractLabel: z.string(),
  amcNumber: z.string(),
  careNetwork: z.string(),
  operator: z.string(),
  membershipNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  beneficiaries: z.array(ZTpCardBeneficiary),
  /** Card actions depend on the management centre's dematerialised status. */
  dematerialised: z.boolean(),
  /** null when a paper card may be asked today; else the first day it may be. */
  paperResendAllowedFrom: z.string().nullable(),
  /** The last paper resend's state, if any. */
  lastPaperResend: z.object({ requestedAt: z.string(), state: z.enum(['received', 'printing', 'sent']) }).nullable(),
  /** A sealed QR payload, valid with the card (qrExpiresAt: its last day's end): an opaque reference, nothing readable about the member. */
  qrPayload: z.string(),
  qrExpiresAt: z.string(),
  /** The stored e-mail address the card is sent to by default (null when none is stored). */
  storedEmail: z.string().nullable(),
});
export type TTpCard = z.infer<typeof ZTpCard>;
export const ZTpCardResponse = dataEnvelope(ZTpCard);

export const tpCardFileName = (today: string) => `carte_tiers_payant_${today}.pdf`;

export const ZTpCardVerifyRequest = z.object({ payload: z.string().min(1, 'Code QR illisible.').max(400, 'Code QR illisible.') });
export const ZTpCardVerification = z.object({
  valid: z.literal(true),
  amcNumber: z.string(),
  insurerContract: z.string(),
  careNetwork: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  beneficiaries: z.array(z.object({ firstName: z.string(), surName: z.string() })),
});
export type TTpCardVerification = z.infer<typeof ZTpCardVerification>;
export const ZTpCardVerificationResponse = dataEnvelope(ZTpCardVerification);
export const ZPaperResendAnswer = z.object({ requestId: z.uuid(), requestedAt: z.string(), state: z.literal('received') });
export const ZPaperResendResponse = dataEnvelope(ZPaperResendAnswer);

/**
 * POST /api/tp-card/email: the card PDF to `email` (the member confirms the stored one or types
 * another). `replaceStored` also asks to make it the stored address, through the contact-change
 * confirmation (a link to the new address; `password` unless the session passed a code minutes ago).
 */
export const ZTpCardEmailRequest = z.object({
  email: z.string().trim().min(1, 'Saisissez l’adresse e-mail qui recevra votre carte.').max(254, 'Adresse e-mail invalide.').pipe(ZEmail),
  replaceStored: z.boolean().default(false),
  password: z.string().min(1).max(200).optional(),
});
export type TTpCardEmailRequest = z.input<typeof ZTpCardEmailRequest>;
export const ZTpCardEmailAnswer = z.object({
  /** Masked address the card went to. */
  sentTo: z.string(),
  /** The pending change of the stored address (confirmed from the new one), when asked. */
  contactChange: z.object({ destination: z.string(), expiresAt: z.string() }).nullable(),
});
export type TTpCardEmailAnswer = z.infer<typeof ZTpCardEmailAnswer>;
export const ZTpCardEmailResponse = dataEnvelope(ZTpCardEmailAnswer);

/** Texts of the card panel (errors TP_CARD_*). */
export const TP_CARD_TEXTS = {
  unavailable: 'Votre carte de tiers payant est indisponible.',
  paperRecent: 'Une carte papier vous a déjà été envoyée au cours des 30 derniers jours. Veuillez patienter avant de renouveler votre demande.',
  notDematerialised: 'Votre centre de gestion ne délivre pas la carte en ligne\u00a0: demandez-la par courrier.',
} as const;

/** Paper resend states (received, printing in progress, sent) as the member reads them. */
export const PAPER_RESEND_STATES = ['received', 'printing', 'sent'] as const;
export const PAPER_RESEND_STATE_LABELS: Record<(typeof PAPER_RESEND_STATES)[number], string> = {
  received: 'Demande reçue',
  printing: 'Impression en cours',
  sent: 'Carte envoyée',
};
