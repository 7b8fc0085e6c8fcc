import { ValidationErrorsIBAN, electronicFormatIBAN, friendlyFormatIBAN, isSEPACountry, isValidBIC, validateIBAN } from 'ibantools';
import { z } from 'zod';
import { dataEnvelope } from './api';
import { frenchDateWords } from './french-format';
import frenchBanks from './french-banks.json';

/*
 * Bank details and the SEPA direct-debit mandate (the SEPA rulebook's content): the IBAN/BIC rules with a French message per fault, the accounts shown on
 * the banking page, the change form, the mandate's content and the RUM.
 */

// ── IBAN and BIC ──

/** The IBAN as typed, without spaces (or dots/dashes) and upper-cased: « fr76 3000 4000… » → « FR763000… ». */
export function normalizeIban(input: string): string {
  return electronicFormatIBAN(input.replace(/[.-]/g, '')) ?? '';
}

/** Groups of 4 for display: « FR76 3000 4000 0312 3456 7890 143 ». */
export const formatIban = (iban: string) => friendlyFormatIBAN(iban) ?? iban;

/** « •••• •••• … 0143 »: an IBAN is shown masked but for its last 4 characters. */
export const maskIban = (iban: string) => `${iban.slice(0, 4)} •••• •••• •••• ${iban.slice(-4)}`;

export const IBAN_MESSAGES = {
  empty: 'Veuillez saisir l’IBAN.',
  country: 'L’IBAN doit commencer par le code de son pays (par exemple FR76…).',
  notSepa: 'Ce compte n’est pas situé dans la zone SEPA : le prélèvement et le virement SEPA n’y sont pas possibles.',
  length: 'L’IBAN n’a pas le bon nombre de caractères pour ce pays (27 pour la France).',
  format: 'L’IBAN contient des caractères qui ne sont pas attendus à cette place.',
  checksum: 'L’IBAN est incorrect : sa clé de contrôle ne correspond pas. Vérifiez chaque caractère.',
  ribKey: 'La clé RIB de ce compte est incorrecte. Vérifiez les numéros de banque, de guichet et de compte.',
  qr: 'Cet IBAN est un QR-IBAN, qui ne peut pas recevoir de prélèvement.',
  sameAsCurrent: 'Cet IBAN est déjà utilisé : c’est votre IBAN actuel.',
} as const;

/** The French message of the first fault of an IBAN (already normalized), or null when it is valid. */
export function ibanFault(iban: string): string | null {
  if (!iban) return IBAN_MESSAGES.empty;
  if (!/^[A-Z]{2}/.test(iban)) return IBAN_MESSAGES.country;
  const result = validateIBAN(iban);
  const codes = result.errorCodes;
  if (codes.includes(ValidationErrorsIBAN.NoIBANCountry)) return IBAN_MESSAGES.country;
  if (!result.valid) {
    if (codes.includes(ValidationErrorsIBAN.WrongBBANLength)) return IBAN_MESSAGES.length;
    if (codes.includes(ValidationErrorsIBAN.WrongBBANFormat) || codes.includes(ValidationErrorsIBAN.ChecksumNotNumber)) return IBAN_MESSAGES.format;
    if (codes.includes(ValidationErrorsIBAN.WrongIBANChecksum)) return IBAN_MESSAGES.checksum;
    if (codes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) return IBAN_MESSAGES.ribKey;
    if (codes.includes(ValidationErrorsIBAN.QRIBANNotAllowed)) return IBAN_MESSAGES.qr;
    return IBAN_MESSAGES.checksum;
  }
  if (!isSEPACountry(iban.slice(0, 2))) return IBAN_MESSAGES.notSepa;
  return null;
}

export const BIC_MESSAGE = 'Le BIC compte 8 ou 11 caractères (par exemple BNPAFRPP) et correspond au pays de l’IBAN.';

/**
 * A French bank code (5 digits after the IBAN's check digits) → the bank's name and BIC, for the common
 * banks: data from the banks' directory, kept as a data file to be refreshed from it.
 */
const FRENCH_BANKS: Readonly<Record<string, { name: string; bic: string }>> = frenchBanks;

/** The bank and BIC of a French IBAN when its bank code is known; null otherwise (the member may enter the BIC). */
export function bankOfIban(iban: string): { name: string; bic: string } | null {
  return iban.startsWith('FR') || iban.startsWith('MC') ? (FRENCH_BANKS[iban.slice(4, 9)] ?? null) : null;
}

/** A BIC given with the IBAN: 8 or 11 characters, its country that of the IBAN (French overseas accepted). */
export function bicFault(bic: string, iban: string): string | null {
  if (!isValidBIC(bic)) return BIC_MESSAGE;
  const bicCountry = bic.slice(4, 6);
  const ibanCountry = iban.slice(0, 2);
  const overseas = ['GF', 'GP', 'MQ', 'RE', 'PF', 'TF', 'YT', 'NC', 'BL', 'MF', 'PM', 'WF', 'MC'];
  if (bicCountry !== ibanCountry && !(ibanCountry === 'FR' && overseas.includes(bicCountry)) && !(ibanCountry === 'MC' && bicCountry === 'FR'))
    return BIC_MESSAGE;
  return null;
}

/** The IBAN field: spaces accepted, normalized, one French message per fault. */
export const ZIban = z
  .string()
  .max(60, IBAN_MESSAGES.length)
  .transform(normalizeIban)
  .superRefine((iban, ctx) => {
    const fault = ibanFault(iban);
    if (fault) ctx.addIssue({ code: 'custom', message: fault });
  });

const HOLDER_MESSAGE = 'Veuillez saisir le titulaire du compte (2 à 70 caractères).';

// ── Accounts and change form ──

/** The account a change is for: contributions (direct debit, needs a mandate) or refunds (of one person). */
export const BANK_TARGETS = ['contribution', 'refund'] as const;
export type BankTarget = (typeof BANK_TARGETS)[number];

/**
 * update-rib/{openRib}: `contribution`, `refund` (the main insured's refund account) or
 * `refund-{familyPosition}` (a beneficiary's).
 */
export function parseOpenRib(openRib: string | undefined): { target: BankTarget; familyPosition: number } | null {
  if (openRib === 'contribution') return { target: 'contribution', familyPosition: 1 };
  if (openRib === 'refund') return { target: 'refund', familyPosition: 1 };
  const m = /^refund-([1-9][0-9]?)$/.exec(openRib ?? '');
  return m ? { target: 'refund', familyPosition: Number(m[1]) } : null;
}
export const openRibOf = (target: BankTarget, familyPosition: number) =>
  target === 'contribution' ? 'contribution' : familyPosition === 1 ? 'refund' : `refund-${familyPosition}`;

/** One account as shown: never the whole IBAN. */
export const ZBankAccount = z.object({
  holder: z.string(),
  bankName: z.string().nullable(),
  ibanMasked: z.string(),
  ibanLast4: z.string(),
  bic: z.string().nullable(),
  updatedAt: z.string(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

export const ZMandateSummary = z.object({ id: z.uuid(), rum: z.string(), signedAt: z.string(), place: z.string(), ibanMasked: z.string() });
export type TMandateSummary = z.infer<typeof ZMandateSummary>;

/**
 * A refund account change sent by the member and not yet checked by the management centre: the account
 * in force is still the other one until the back office accepts it.
 */
export const ZPendingRefundChange = z.object({
  changeId: z.uuid(),
  requestId: z.uuid().nullable(),
  holder: z.string(),
  bankName: z.string().nullable(),
  ibanMasked: z.string(),
  ibanLast4: z.string(),
  /** The Paris day it was sent (YYYY-MM-DD). */
  sentOn: z.string(),
});
export type TPendingRefundChange = z.infer<typeof ZPendingRefundChange>;

/** GET /api/bank-details. */
export const ZBankDetails = z.object({
  contribution: ZBankAccount.nullable(),
  refund: ZBankAccount.nullable(),
  /** The main insured's refund account change being checked, if any (not in force yet). */
  pendingRefund: ZPendingRefundChange.nullable(),
  /** Every other person of the family: their own refund account, or the main insured's (sameAsMain); their change being checked. */
  beneficiaries: z.array(
    z.object({
      familyPosition: z.number().int(),
      firstName: z.string(),
      surName: z.string(),
      sameAsMain: z.boolean(),
      account: ZBankAccount.nullable(),
      pending: ZPendingRefundChange.nullable(),
    }),
  ),
  mandate: ZMandateSummary.nullable(),
  /** Whether the contribution account is debited individually (a collective contract's contributions go through the employer). */
  contributionsDebited: z.boolean(),
});
export type TBankDetails = z.infer<typeof ZBankDetails>;
export const ZBankDetailsResponse = dataEnvelope(ZBankDetails);

/** POST /api/bank-details/changes (multipart; the bank details document as file "attachments"). */
export const ZBankDetailsChangeFields = z
  .object({
    target: z.enum(BANK_TARGETS, 'Choisissez le compte à modifier.'),
    familyPosition: z.coerce
      .number('Bénéficiaire inconnu.')
      .int('Bénéficiaire inconnu.')
      .min(1, 'Bénéficiaire inconnu.')
      .max(99, 'Bénéficiaire inconnu.')
      .default(1),
    holder: z.string().trim().min(2, HOLDER_MESSAGE).max(70, HOLDER_MESSAGE),
    iban: ZIban,
    bic: z
      .string()
      .trim()
      .transform((v) => v.replace(/\s/g, '').toUpperCase())
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.bic && bicFault(v.bic, v.iban)) ctx.addIssue({ code: 'custom', path: ['bic'], message: BIC_MESSAGE });
    if (v.target === 'contribution' && v.familyPosition !== 1)
      ctx.addIssue({ code: 'custom', path: ['familyPosition'], message: 'Le compte de cotisation est celui de l’assuré principal.' });
  });
export type TBankDetailsChangeFields = z.input<typeof ZBankDetailsChangeFields>;

// ── SEPA mandate ──

export const MANDATE_TITLE = 'Mandat de prélèvement SEPA';
export const MANDATE_PAYMENT_LABEL = 'Paiement récurrent / répétitif';

/** The SEPA rulebook's standard text, with the creditor's name. */
export const mandateStandardText = (creditor: string) =>
  `En signant ce formulaire de mandat, vous autorisez (A) ${creditor} à envoyer des instructions à votre banque pour débiter votre compte, et (B) votre banque à débiter votre compte conformément aux instructions de ${creditor}. Vous bénéficiez du droit d’être remboursé par votre banque selon les conditions décrites dans la convention que vous avez passée avec elle. Une demande de remboursement doit être présentée dans les 8 semaines suivant la date de débit de votre compte pour un prélèvement autorisé.`;

/** RUM: ≤ 35 characters of the SEPA set, no spaces. */
export const RUM_PATTERN = /^[A-Za-z0-9/\-?:().,'+]{1,35}$/;

/**
 * A new RUM: `{PREFIX}-{membership number}-{yyyymmdd}-{6 random}` — unique per creditor (the random
 * part and a unique index), never derived from the IBAN.
 */
export function newRum(prefix: string, membershipNumber: string, date: Date, random: string): string {
  const d = date.toISOString().slice(0, 10).replace(/-/g, '');
  const rum = `${prefix
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 6)}-${membershipNumber.replace(/[^A-Za-z0-9]/g, '')}-${d}-${random.toUpperCase()}`;
  if (!RUM_PATTERN.test(rum)) throw new Error('RUM out of the SEPA set');
  return rum;
}

/** The whole mandate as the member reads it before signing (and as the PDF prints it). */
export const ZMandateContent = z.object({
  title: z.string(),
  rum: z.string(),
  creditor: z.object({ name: z.string(), address: z.string(), ics: z.string() }),
  debtor: z.object({ name: z.string(), address: z.string(), iban: z.string(), bic: z.string().nullable(), bankName: z.string().nullable() }),
  paymentType: z.string(),
  standardText: z.string(),
});
export type TMandateContent = z.infer<typeof ZMandateContent>;

/** POST /api/bank-details/changes → 201. Refund: a request was sent. Contribution: a mandate to sign. */
export const ZBankDetailsChangeResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('REQUEST_SENT'), changeId: z.uuid(), requestId: z.uuid() }),
  z.object({
    status: z.literal('AWAITING_SIGNATURE'),
    changeId: z.uuid(),
    mandate: ZMandateContent,
    /** The member's registered mobile, masked, that will receive the code. */
    mobile: z.string(),
    /** Built-in signature (code + sign here) or a partner's page to open. */
    signature: z.discriminatedUnion('kind', [z.object({ kind: z.literal('inline') }), z.object({ kind: z.literal('redirect'), url: z.string() })]),
  }),
]);
export type TBankDetailsChangeResult = z.infer<typeof ZBankDetailsChangeResult>;

/** POST …/changes/{id}/code → 200. */
export const ZSignatureCodeSent = z.object({ mobile: z.string(), codeExpiresAt: z.string(), resendAvailableAt: z.string() });
export type TSignatureCodeSent = z.infer<typeof ZSignatureCodeSent>;

const PLACE_MESSAGE = 'Veuillez indiquer le lieu de signature (la ville, 2 à 60 caractères).';
/** POST …/changes/{id}/sign. */
export const ZSignMandateRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'Le code compte 6 chiffres.'),
  place: z
    .string()
    .trim()
    .min(2, PLACE_MESSAGE)
    .max(60, PLACE_MESSAGE)
    .regex(/^[\p{L}0-9' ’\-().]+$/u, PLACE_MESSAGE),
  consent: z.literal(true, 'Cochez la case « Je signe » pour signer le mandat.'),
});
export type TSignMandateRequest = z.infer<typeof ZSignMandateRequest>;

export const ZMandateSigned = z.object({ mandateId: z.uuid(), rum: z.string(), signedAt: z.string(), requestId: z.uuid() });
export type TMandateSigned = z.infer<typeof ZMandateSigned>;

/**
 * Notification texts. The spec's success title (« …est validée ») reads as if
 * the account changed at once; security wins over it (docs/decisions/003-legal-rules-over-spec-wording.md): a refund account change is only a request until
 * the management centre has checked the copy of the RIB (otherwise whoever takes over a session could
 * redirect refunds). So the title means « your request is recorded » and the text says when it applies.
 */
export const BANK_DETAILS_TEXTS = {
  success: 'La demande de changement de coordonnées bancaires est validée.',
  refundRequestSent:
    'Votre demande a été transmise à nos équipes. Le nouveau compte sera utilisé pour vos remboursements une fois la copie de votre RIB vérifiée\u00a0; d’ici là, ils restent versés sur le compte actuel.',
  pendingTitle: 'Nouveau RIB en cours de vérification',
  /** BANK_IBAN_IN_USE's message when the IBAN is the one of the change being checked. */
  ibanPending: 'IBAN déjà utilisé\u00a0: ce compte est celui de votre demande en cours de vérification.',
  alreadyUsedTitle: 'Coordonnées bancaires déjà utilisées',
  saveErrorTitle: 'Une erreur est survenue lors de l’enregistrement des coordonnées bancaires, veuillez réessayer plus tard.',
  changeError: 'Une erreur est survenue lors du changement de coordonnées bancaires.',
} as const;

/** « FR76 •••• 1234 »: the short form of a masked IBAN, for a sentence (non-breaking spaces: never cut on a phone). */
export const shortMaskedIban = (ibanMasked: string) => `${ibanMasked.slice(0, 4)}\u00a0••••\u00a0${ibanMasked.slice(-4)}`;

/** « Nouveau RIB en cours de vérification (IBAN FR76 •••• 1234), envoyé le 23 novembre 2026 ». */
export const pendingRefundText = (p: Pick<TPendingRefundChange, 'ibanMasked' | 'sentOn'>) =>
  `${BANK_DETAILS_TEXTS.pendingTitle} (IBAN ${shortMaskedIban(p.ibanMasked)}), envoyé le ${frenchDateWords(p.sentOn)}`;
