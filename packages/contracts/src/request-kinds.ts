import { ADVISOR_REQUEST_KINDS } from './advisor-request-kinds';
import {
  NO_REPLY_MARKER,
  REQUEST_KINDS_OF_THE_SPEC,
  WAITING_STEPS,
  type RequestKindGroup,
  type RequestKindRules,
  type RequestRef,
  type RequestType,
  type StatusBadgeLabel,
  type StatusKey,
  type TRequestTypeEntry,
  type TimelineStep,
} from './request-rules';

/*
 * The request kinds composed: the spec's (request-rules.ts) and those an area declares in its own
 * `<area>-request-kinds.ts` with defineRequestKinds, each with the rules its badges, its timeline and
 * the reply read; what a kind does not say, its type says. Without zod: home and the layout read these
 * rules at start-up. The areas' list is at the end, here rather than in the contracts index: a line of
 * code in the index, which every screen imports, splits the web's start-up chunk (docs/decisions/052).
 */

export type RequestKind = TRequestTypeEntry & RequestKindRules;

const DEFAULT_BADGES: Record<StatusKey, StatusBadgeLabel> = {
  done: 'Traité',
  in_progress: 'En cours',
  check_in_progress: 'Vérification en cours',
  study: 'Analyse en cours',
  to_process: 'En attente',
  read: 'Lu',
  unread: 'Non lu',
  request_sent: 'Demande envoyée',
};

/** The nominal path of each type (waiting steps may be inserted for supporting documents and bills). */
const TYPE_STEPS: Record<RequestType, readonly TimelineStep[]> = {
  supporting_document: ['received', 'check_in_progress', 'check_done', 'done', 'taken_into_account'],
  bill: ['received', 'check_in_progress', 'check_done', 'done'],
  quotation: ['received', 'check_in_progress', 'done'],
  document: ['received', 'check_in_progress', 'done'],
  message: ['received', 'in_progress', 'done'],
};

/** The "done" wording: "Prise en charge" (bills, quotes), "Demande clôturée" (messages), "Demande traitée" (the others). */
const DONE_LABELS: Record<RequestType, string> = {
  supporting_document: 'Demande traitée',
  bill: 'Prise en charge',
  quotation: 'Prise en charge',
  document: 'Demande traitée',
  message: 'Demande clôturée',
};

const STEP_LABELS: Record<Exclude<TimelineStep, 'done'>, string> = {
  received: 'Reçu par nos équipes',
  check_in_progress: 'Vérification en cours',
  check_done: 'Vérifications effectuées',
  study: 'Étude de votre réponse',
  taken_into_account: 'Situation actualisée',
  waiting_contract_opening: 'En attente de l’ouverture du contrat',
  waiting_information: 'En attente d’informations',
  waiting_noemie: 'En attente du flux de la Sécurité sociale (Noémie)',
  waiting_social_security_statement: 'En attente du décompte de la Sécurité sociale',
  waiting_first_mutual_statement: 'En attente du décompte de la première mutuelle',
  waiting_france_travail_proof: 'En attente du justificatif France Travail',
  in_progress: 'En cours de traitement',
  answered: 'Réponse apportée',
  printing: 'Impression en cours',
  sent: 'Carte envoyée',
  information_required: 'Informations requises',
  file_updated: 'Dossier mis à jour',
  request_sent: 'Demande envoyée',
};

/** Every kind of the groups, by type code; a type code or a (type, code name) declared twice stops the app. */
function kindsOf(groups: readonly RequestKindGroup[]): RequestKind[] {
  const kinds = groups.flatMap(({ type, kinds }) => Object.entries(kinds).map(([codeName, kind]) => ({ ...kind, type, codeName })));
  const seen = new Set<string>();
  for (const { type, codeName, typeCode } of kinds) {
    for (const key of [`${typeCode}`, `${type}:${codeName}`]) {
      if (seen.has(key)) throw new Error(`Request kind ${type}:${codeName} (${typeCode}): ${key} is declared twice`);
      seen.add(key);
    }
  }
  return kinds.sort((a, b) => a.typeCode - b.typeCode);
}

/** The rules of the spec's kinds and of the areas' (`areas`: each area's defineRequestKinds). */
export function composeRequestKinds(areas: readonly RequestKindGroup[]) {
  const kinds = kindsOf([...REQUEST_KINDS_OF_THE_SPEC, ...areas]);
  const byCode = new Map(kinds.map((kind) => [kind.typeCode, kind]));
  /** The kind of a request, or undefined for a code its type does not have. */
  const requestKindOf = (type: RequestType, typeCode: number): RequestKind | undefined => {
    const kind = byCode.get(typeCode);
    return kind?.type === type ? kind : undefined;
  };

  /** The full list: what the server's request_types holds (each area's rows in its own migration). */
  function defaultRequestTypes(): TRequestTypeEntry[] {
    return kinds.map(({ typeCode, type, codeName, label }) => ({ typeCode, type, codeName, label }));
  }

  /** French label of a kind by its code name, or null when its type has no such kind. */
  function requestKindLabel(type: RequestType, codeName: string): string | null {
    return kinds.find((kind) => kind.type === type && kind.codeName === codeName)?.label ?? null;
  }

  /**
   * The badge a request shows for its status. Messages say "Message lu / Message non lu", a message the
   * member sent says "Envoyé"; documents recorded say "Enregistré"; supporting documents processed say
   * "Situation actualisée"; a kind may word a status its own way (card printing, attachment, …).
   */
  function statusBadgeLabel({ type, typeCode, statusKey }: RequestRef): StatusBadgeLabel {
    const own = requestKindOf(type, typeCode)?.badges?.[statusKey];
    if (own) return own;
    if (type === 'message') {
      if (statusKey === 'read') return 'Message lu';
      if (statusKey === 'unread') return 'Message non lu';
      if (statusKey === 'request_sent') return 'Envoyé';
    }
    if (type === 'document' && statusKey === 'done') return 'Enregistré';
    if (type === 'supporting_document' && statusKey === 'done') return 'Situation actualisée';
    return DEFAULT_BADGES[statusKey];
  }

  /**
   * Whether the member may answer a request: only a message kind; never when the title carries the
   * [FDC] marker (any case); once done only for the kinds that say so (`replyWhenDone`).
   */
  function canReplyToRequest({ type, typeCode, statusKey, title }: RequestRef & { title: string }): boolean {
    const kind = type === 'message' ? requestKindOf(type, typeCode) : undefined;
    if (!kind) return false;
    if (title.toUpperCase().includes(NO_REPLY_MARKER)) return false;
    if (statusKey === 'done') return kind.replyWhenDone === true;
    return true;
  }

  /** Wording of one timeline step for a request of this type and code. */
  function timelineStepLabel(type: RequestType, typeCode: number, step: TimelineStep): string {
    const own = requestKindOf(type, typeCode)?.stepLabels?.[step];
    if (own) return own;
    return step === 'done' ? DONE_LABELS[type] : STEP_LABELS[step];
  }

  /** The nominal path of a request of this kind, first step to last (waiting steps may be inserted for supporting documents and bills). */
  function timelineStepsOf(type: RequestType, typeCode: number): TimelineStep[] {
    return [...(requestKindOf(type, typeCode)?.steps ?? TYPE_STEPS[type])];
  }

  /** Whether a step may appear on a request of this type (waiting steps: supporting documents and bills only; study: after a member reply). */
  function isStepAllowed(type: RequestType, typeCode: number, step: TimelineStep): boolean {
    if ((WAITING_STEPS as readonly string[]).includes(step)) return type === 'supporting_document' || type === 'bill';
    if (step === 'study') return type === 'message';
    return timelineStepsOf(type, typeCode).includes(step);
  }

  return { defaultRequestTypes, requestKindOf, requestKindLabel, statusBadgeLabel, canReplyToRequest, timelineStepLabel, timelineStepsOf, isStepAllowed };
}

/** The request kinds of the spec and of the areas: an area with kinds adds its declaration here. */
export const { defaultRequestTypes, requestKindOf, requestKindLabel, statusBadgeLabel, canReplyToRequest, timelineStepLabel, timelineStepsOf, isStepAllowed } =
  composeRequestKinds([ADVISOR_REQUEST_KINDS]);
