import { z } from 'zod';
import { dataEnvelope } from './api';
import { addDaysIso, addMonthsIso } from './dates';
import { frenchDateWords } from './french-format';
import { MESSAGE_TEXT_PATTERN } from './request-rules';

/*
 * Contractual information (GET /api/contracts, screen contractual-info) and the online termination
 * ("résiliation en trois clics": paid-options → paid-options-summary, POST /api/terminations,
 * POST /api/terminations/{id}/confirm, GET /api/terminations/{id}/acknowledgement.pdf).
 *
 * The law's online termination (code de la mutualité L221-10-3) wins over the spec's wording where they
 * differ (docs/decisions/003-legal-rules-over-spec-wording.md):
 * - the spec's third "kind" (« termination at due date ») is the reason « Résiliation à échéance »
 *   of the list the law asks for (point 3), so the kind says only WHAT ends (paid options or the
 *   individual contract);
 * - the form asks only what is strictly needed (point 3): name, first name, e-mail, contract,
 *   reason (list + free text), date, and the persons concerned (the spec's field);
 * - the end date is computed by point 7 (terminationEffectiveDate below), not chosen freely.
 */

// ── Contracts ──

export const CONTRACT_KINDS = ['COLLECTIVE', 'INDIVIDUAL'] as const;
export const CONTRACT_OPTION_KINDS = ['COLLECTIVE_OPTION', 'INDIVIDUAL_OPTION'] as const;
export const CONTRACT_OPTION_KIND_LABELS = { COLLECTIVE_OPTION: 'Option collective', INDIVIDUAL_OPTION: 'Option individuelle' } as const;

/** Why the member cannot terminate a contract online (null: they can). */
export const TERMINATION_BLOCKS = ['COLLECTIVE', 'CANCELLATION_DISABLED', 'FINISHED', 'PENDING'] as const;
export type TerminationBlock = (typeof TERMINATION_BLOCKS)[number];
export const TERMINATION_BLOCK_MESSAGES: Record<TerminationBlock, string> = {
  COLLECTIVE:
    'Vous êtes couvert par le contrat collectif de votre employeur\u00a0: l’adhésion est obligatoire et sa résiliation ne se fait pas en ligne. Contactez le service des ressources humaines de votre entreprise.',
  CANCELLATION_DISABLED: 'Ce type de contrat ne peut pas être résilié en ligne.',
  FINISHED: 'Ce contrat est terminé.',
  PENDING: 'Une demande de résiliation de ce contrat est déjà en cours de traitement.',
};

export const ZContractPerson = z.object({ familyPosition: z.number().int(), firstName: z.string(), surName: z.string(), rank: z.string() });
export type TContractPerson = z.infer<typeof ZContractPerson>;

export const ZContractOption = z.object({
  code: z.string(),
  label: z.string(),
  kind: z.enum(CONTRACT_OPTION_KINDS),
  monthlyCents: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
});
export type TContractOption = z.infer<typeof ZContractOption>;

export const ZGuarantee = z.object({ category: z.string(), label: z.string(), value: z.string() });
export type TGuarantee = z.infer<typeof ZGuarantee>;

export const TERMINATION_REASONS = ['DUE_DATE', 'AFTER_ONE_YEAR', 'MOVE', 'FAMILY', 'JOB', 'RETIREMENT', 'OTHER'] as const;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];
/** The rule that sets the effective date (see terminationEffectiveDate). */
export const TERMINATION_BASES = ['DUE_DATE', 'ONE_MONTH_AFTER_ONE_YEAR', 'ONE_MONTH_AFTER_SITUATION_CHANGE'] as const;

/** One reason of the list with the day it would take effect if asked today (the earliest lawful one). */
export const ZTerminationReasonDate = z.object({
  reason: z.enum(TERMINATION_REASONS),
  effectiveDate: z.string(),
  basis: z.enum(TERMINATION_BASES),
});
export type TTerminationReasonDate = z.infer<typeof ZTerminationReasonDate>;

export const ZContract = z.object({
  /** The contract reference (the insurer's contract number): one contract, several persons. */
  insurerContract: z.string(),
  label: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  productNumber: z.string(),
  status: z.enum(['ACTIVE', 'FINISHED']),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The next annual due date (échéance) of an ongoing contract. */
  nextDueDate: z.string().nullable(),
  persons: z.array(ZContractPerson),
  options: z.array(ZContractOption),
  /** null: the guarantees table is to be obtained from HR (collective contracts). */
  guarantees: z.array(ZGuarantee).nullable(),
  /** Why it cannot be terminated online; null when it can. */
  terminationBlock: z.enum(TERMINATION_BLOCKS).nullable(),
  /** Reason given by the tenant for a contract type whose cancellation is disabled. */
  terminationBlockDetail: z.string().nullable(),
  /** Each reason's effective date if asked today, shown beside it; empty when it cannot be terminated online. */
  terminationDates: z.array(ZTerminationReasonDate),
});
export type TContract = z.infer<typeof ZContract>;

export const ZContractsAnswer = z.object({
  membershipNumber: z.string(),
  contracts: z.array(ZContract),
});
export type TContractsAnswer = z.infer<typeof ZContractsAnswer>;
export const ZContractsResponse = dataEnvelope(ZContractsAnswer);

// ── Termination rule ──

export const TERMINATION_KINDS = ['PAID_OPTIONS', 'INDIVIDUAL_CONTRACT'] as const;
export type TerminationKind = (typeof TERMINATION_KINDS)[number];
export const TERMINATION_KIND_LABELS: Record<TerminationKind, string> = {
  PAID_OPTIONS: 'Mes options payantes',
  INDIVIDUAL_CONTRACT: 'Mon contrat individuel',
};
/** The request type of each kind (the message kinds). */
export const TERMINATION_TYPE_CODES: Record<TerminationKind, 10030 | 10031> = { PAID_OPTIONS: 10030, INDIVIDUAL_CONTRACT: 10031 };

export const TERMINATION_REASON_LABELS: Record<TerminationReason, string> = {
  DUE_DATE: 'Résiliation à échéance',
  AFTER_ONE_YEAR: 'Résiliation après un an d’adhésion',
  MOVE: 'Déménagement',
  FAMILY: 'Mariage, PACS ou divorce',
  JOB: 'Changement d’emploi ou de situation professionnelle',
  RETIREMENT: 'Départ à la retraite',
  OTHER: 'Autre motif',
};
/** Reasons that are a change of situation: the date asked is the event's. */
export const SITUATION_REASONS: readonly TerminationReason[] = ['MOVE', 'FAMILY', 'JOB', 'RETIREMENT'];
export const isSituationReason = (reason: TerminationReason) => SITUATION_REASONS.includes(reason);

/**
 * DUE_DATE: at the annual due date, asked at least 2 months before it; ONE_MONTH_AFTER_ONE_YEAR: one
 * month after receipt, after one full year of membership; ONE_MONTH_AFTER_SITUATION_CHANGE: one month
 * after receipt, within 3 months of a change of situation.
 */
export type TerminationBasis = (typeof TERMINATION_BASES)[number];

export const TERMINATION_BASIS_LABELS: Record<TerminationBasis, string> = {
  DUE_DATE: 'À l’échéance annuelle du contrat, demandée au moins 2 mois avant celle-ci.',
  ONE_MONTH_AFTER_ONE_YEAR: 'Un mois après la réception de votre demande, votre adhésion ayant plus d’un an.',
  ONE_MONTH_AFTER_SITUATION_CHANGE: 'Un mois après la réception de votre demande, faite dans les 3 mois suivant votre changement de situation.',
};

export type TerminationDateInput = {
  reason: TerminationReason;
  /** Day the request is received (Paris date). */
  receivedOn: string;
  /** First day of membership of the contract. */
  membershipStart: string;
  /** Event date (change of situation) or the date the member wishes; optional. */
  date?: string | null;
  /** Annual due date as MM-DD (1 January by default). */
  dueMonthDay?: string;
};

export type TerminationDates = {
  /** The day the termination takes effect (no cover from that day). */
  effectiveDate: string;
  /** The last day covered. */
  lastCoveredDate: string;
  basis: TerminationBasis;
  /** The member asked for a later date than the earliest one: it is kept. */
  desiredDateKept: boolean;
};

/** The first annual due date that is at least 2 months after `receivedOn`. */
export function nextDueDateWithNotice(receivedOn: string, dueMonthDay = '01-01'): string {
  const year = Number(receivedOn.slice(0, 4));
  for (let y = year; y < year + 3; y++) {
    const due = `${y}-${dueMonthDay}`;
    if (addMonthsIso(receivedOn, 2) <= due) return due;
  }
  throw new Error('unreachable');
}

/** The next annual due date on or after `today`. */
export function nextDueDate(today: string, dueMonthDay = '01-01'): string {
  const due = `${today.slice(0, 4)}-${dueMonthDay}`;
  return due > today ? due : `${Number(today.slice(0, 4)) + 1}-${dueMonthDay}`;
}

/**
 * Code de la mutualité L221-10-3, L221-17: an individual health contract ends
 * - at the annual due date with 2 months' notice;
 * - at any time after one full year of membership, one month after receipt;
 * - after a change of situation (move, marriage/PACS/divorce, job, retirement) asked within 3 months
 *   of the event, one month after receipt.
 * The earliest lawful date applies; a later date the member wishes is kept (never an earlier one).
 */
export function terminationEffectiveDate(input: TerminationDateInput): TerminationDates {
  const { reason, receivedOn, membershipStart } = input;
  const date = input.date ?? null;
  const oneMonth = addMonthsIso(receivedOn, 1);
  const oneYearDone = addMonthsIso(membershipStart, 12) <= receivedOn;
  let earliest: { effectiveDate: string; basis: TerminationBasis };
  const situationInTime = isSituationReason(reason) && date !== null && date <= receivedOn && receivedOn <= addMonthsIso(date, 3);
  if (situationInTime) earliest = { effectiveDate: oneMonth, basis: 'ONE_MONTH_AFTER_SITUATION_CHANGE' };
  else if (reason !== 'DUE_DATE' && oneYearDone) earliest = { effectiveDate: oneMonth, basis: 'ONE_MONTH_AFTER_ONE_YEAR' };
  else earliest = { effectiveDate: nextDueDateWithNotice(receivedOn, input.dueMonthDay), basis: 'DUE_DATE' };
  // A wished date counts only where it is not an event date, and only when later than the earliest.
  const wished = !isSituationReason(reason) && date !== null && date > earliest.effectiveDate && earliest.basis !== 'DUE_DATE' ? date : null;
  const effectiveDate = wished ?? earliest.effectiveDate;
  return { effectiveDate, lastCoveredDate: addDaysIso(effectiveDate, -1), basis: earliest.basis, desiredDateKept: wished !== null };
}

/**
 * Each reason of the list with its earliest lawful effective date for a request received on
 * `receivedOn`, so that the member sees what each choice costs before choosing. A change of situation
 * is assumed to be within its 3 months (the form asks the event's date and the summary recomputes).
 */
export function terminationDatesByReason(receivedOn: string, membershipStart: string, dueMonthDay = '01-01'): TTerminationReasonDate[] {
  return TERMINATION_REASONS.map((reason) => {
    const { effectiveDate, basis } = terminationEffectiveDate({
      reason,
      receivedOn,
      membershipStart,
      date: isSituationReason(reason) ? receivedOn : null,
      dueMonthDay,
    });
    return { reason, effectiveDate, basis };
  });
}

/** What a reason's date means, beside it in the form: « Date d’effet : 1er janvier 2028 (à l’échéance annuelle) ». */
export function terminationReasonDateText({ reason, effectiveDate, basis }: TTerminationReasonDate): string {
  const when = `Date d’effet\u00a0: ${frenchDateWords(effectiveDate)}`;
  if (basis === 'ONE_MONTH_AFTER_SITUATION_CHANGE') return `${when} si l’événement date de moins de 3\u00a0mois (un mois après réception).`;
  if (basis === 'ONE_MONTH_AFTER_ONE_YEAR') return `${when} (un mois après réception).`;
  if (reason === 'AFTER_ONE_YEAR') return `${when}\u00a0: votre adhésion n’a pas encore un an, la résiliation se fait à l’échéance annuelle.`;
  return `${when} (à l’échéance annuelle, demandée au moins 2\u00a0mois avant).`;
}

/** What terminating does, shown before the form (point 2) and in the acknowledgement (point 6). */
export const TERMINATION_EFFECTS = [
  'Vos garanties (ou les options résiliées) cessent à la date d’effet de la résiliation\u00a0: les soins effectués après cette date ne sont plus remboursés.',
  'Votre carte de tiers payant n’est plus valable à cette date pour les garanties résiliées\u00a0: ne la présentez plus aux professionnels de santé.',
  'Les cotisations payées pour la période postérieure à la date d’effet vous sont remboursées dans un délai de 30 jours.',
  'Les bénéficiaires concernés perdent la couverture en même temps que vous.',
] as const;

/** The conditions (point 2): when a termination takes effect. */
export const TERMINATION_CONDITIONS = [
  'À l’échéance annuelle\u00a0: la demande doit nous parvenir au moins 2 mois avant la date d’échéance.',
  'Après un an d’adhésion\u00a0: vous pouvez résilier à tout moment, la résiliation prend effet un mois après la réception de votre demande.',
  'Après un changement de situation (déménagement, mariage, PACS, divorce, changement d’emploi, retraite)\u00a0: dans les 3 mois suivant l’événement, la résiliation prend effet un mois après la réception de votre demande.',
  'La résiliation en ligne est gratuite.',
] as const;

// ── The form ──

const NAME_PATTERN = /^[\p{L}\p{M}' ’-]+$/u;
const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Le champ '${label}' ne peut pas être vide`)
    .max(60, `Le champ '${label}' ne doit pas dépasser 60 caractères`)
    .regex(NAME_PATTERN, 'Les caractères spéciaux ne sont pas autorisés');

export const TERMINATION_ERRORS = {
  email: 'Veuillez saisir une adresse e-mail valide',
  contract: 'Veuillez choisir un contrat',
  kind: 'Veuillez choisir ce que vous souhaitez résilier',
  reason: 'Veuillez choisir un motif',
  reasonText: 'Veuillez préciser le motif',
  reasonTextMax: 'Le motif ne doit pas dépasser 500 caractères',
  options: 'Veuillez choisir au moins une option',
  persons: 'Veuillez choisir au moins une personne',
  date: 'Veuillez saisir une date valide',
  eventDate: 'Veuillez indiquer la date de l’événement',
} as const;

export const ZTerminationForm = z
  .object({
    surName: name('Nom'),
    firstName: name('Prénom'),
    email: z.string().trim().max(254, TERMINATION_ERRORS.email).pipe(z.email(TERMINATION_ERRORS.email)),
    insurerContract: z.string().trim().min(1, TERMINATION_ERRORS.contract).max(40, TERMINATION_ERRORS.contract),
    kind: z.enum(TERMINATION_KINDS, { error: TERMINATION_ERRORS.kind }),
    optionCodes: z.array(z.string().min(1).max(40)).max(20).default([]),
    reason: z.enum(TERMINATION_REASONS, { error: TERMINATION_ERRORS.reason }),
    reasonText: z
      .string()
      .trim()
      .max(500, TERMINATION_ERRORS.reasonTextMax)
      .regex(MESSAGE_TEXT_PATTERN, 'Les caractères spéciaux ne sont pas autorisés')
      .default(''),
    /** Event date (change of situation) or desired date (YYYY-MM-DD), or empty. */
    date: z.union([z.literal(''), z.iso.date(TERMINATION_ERRORS.date)]).default(''),
    familyPositions: z.array(z.number().int().min(1).max(99)).min(1, TERMINATION_ERRORS.persons).max(20),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'PAID_OPTIONS' && v.optionCodes.length === 0) ctx.addIssue({ code: 'custom', message: TERMINATION_ERRORS.options, path: ['optionCodes'] });
    if (v.reason === 'OTHER' && v.reasonText === '') ctx.addIssue({ code: 'custom', message: TERMINATION_ERRORS.reasonText, path: ['reasonText'] });
    if (isSituationReason(v.reason) && v.date === '') ctx.addIssue({ code: 'custom', message: TERMINATION_ERRORS.eventDate, path: ['date'] });
  });
export type TTerminationForm = z.input<typeof ZTerminationForm>;
export type TTerminationFormParsed = z.output<typeof ZTerminationForm>;

export const ZTermination = z.object({
  id: z.uuid(),
  status: z.enum(['DRAFT', 'CONFIRMED']),
  kind: z.enum(TERMINATION_KINDS),
  surName: z.string(),
  firstName: z.string(),
  email: z.string(),
  membershipNumber: z.string(),
  insurerContract: z.string(),
  contractLabel: z.string(),
  productNumber: z.string(),
  options: z.array(z.object({ code: z.string(), label: z.string() })),
  persons: z.array(ZContractPerson),
  reason: z.enum(TERMINATION_REASONS),
  reasonText: z.string(),
  date: z.string().nullable(),
  /** The dates computed by the rule for the day of the draft (then of receipt, once confirmed). */
  effectiveDate: z.string(),
  lastCoveredDate: z.string(),
  basis: z.enum(TERMINATION_BASES),
  /** When the insurer received the confirmed request (ISO with offset); null while a draft. */
  receivedAt: z.string().nullable(),
  requestId: z.uuid().nullable(),
});
export type TTermination = z.infer<typeof ZTermination>;
export const ZTerminationResponse = dataEnvelope(ZTermination);
export const ZTerminationIdParams = z.object({ id: z.uuid() });

/** The acknowledgement's file name. */
export const terminationAcknowledgementFileName = (receivedOn: string) => `Accuse_reception_resiliation_${receivedOn}.pdf`;
