import { z } from 'zod';
import { labelledList } from './labelled-list';
import { ZRequestDocument, ZRequestMessage, ZRequestStatusStep, ZRequestType, ZStatusKey, ZTimelineStep, type RequestType } from './requests';

/*
 * The back office: staff sign-in with password + TOTP, the queue of cases (every member
 * request of the staff's tenants), the case, and entering a member's space through a one-time handoff.
 * The server answers /api/bo/… only on the staff origin (gestion.localhost in development).
 */

/** Staff session cookie: not the member's (another origin anyway). */
export const STAFF_SESSION_COOKIE = 'mutua_bo';
/** Readable cookie on the member host telling the portal which back-office banner to show (the session itself says whether it is back-office). */
export const BO_MODE_COOKIE = 'mutua_bo_mode';
/** A handoff token works this long, once. */
export const HANDOFF_TTL_SECONDS = 30;
/** A member session opened from the back office ends this long after it opened. */
export const BO_SESSION_MINUTES = 30;
/** A case is « due soon » this long before its deadline. */
export const DUE_SOON_HOURS = 48;

export const { values: STAFF_ROLES, labels: STAFF_ROLE_LABELS } = labelledList({
  agent: 'Gestionnaire',
  manager: 'Responsable',
  derogator: 'Dérogataire',
  administrator: 'Administrateur',
});
export const ZStaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof ZStaffRole>;

/** Who handles cases (reply, note, step, assign): agents, managers and derogators. */
export function canHandleCases(role: StaffRole): boolean {
  return role !== 'administrator';
}

export const BO_MODES = ['READ_ONLY', 'DEROGATION'] as const;
export const ZBoMode = z.enum(BO_MODES);
export type BoMode = z.infer<typeof ZBoMode>;

/** The mode of a member's space a role may open: managers read, derogators act. */
export function boModeOf(role: StaffRole): BoMode | null {
  if (role === 'manager') return 'READ_ONLY';
  if (role === 'derogator') return 'DEROGATION';
  return null;
}

// ——— Sign-in ———————————————————————————————————————————————————————————————————————

export const ZStaffLogin = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Saisissez une adresse e-mail valide.')),
  password: z.string().min(1, 'Saisissez votre mot de passe.').max(200),
});
export type TStaffLogin = z.infer<typeof ZStaffLogin>;

/** After the password: enrol an authenticator (first sign-in) or type its code. */
export const ZStaffLoginResult = z.object({ next: z.enum(['TOTP', 'ENROL']) });

/** A 6-digit TOTP code, or a recovery code (XXXX-XXXX). */
export const ZStaffTotp = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(\d{6}|[A-Z0-9]{4}-[A-Z0-9]{4})$/, 'Saisissez les 6 chiffres de votre application, ou un code de secours (XXXX-XXXX).'),
});

export const ZStaffEnrolment = z.object({
  /** PNG data URL of the otpauth:// URI. */
  qrDataUrl: z.string(),
  /** The secret in base32, for typing it by hand. */
  secret: z.string(),
});

export const ZStaffTenant = z.object({ id: z.string(), name: z.string() });
export const ZStaffProfile = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: ZStaffRole,
  tenants: z.array(ZStaffTenant),
});
export type TStaffProfile = z.infer<typeof ZStaffProfile>;

export const ZStaffTotpResult = z.object({
  staff: ZStaffProfile,
  /** Shown once, right after enrolment; null otherwise. */
  recoveryCodes: z.array(z.string()).nullable(),
});

// ——— Cases ——————————————————————————————————————————————————————————————————————————

export const DEADLINE_STATES = ['overdue', 'due_soon', 'not_due'] as const;
export type DeadlineState = (typeof DEADLINE_STATES)[number];
export const DEADLINE_LABELS: Record<DeadlineState, string> = { overdue: 'En retard', due_soon: 'Échéance proche', not_due: 'Dans les délais' };

/** Where a case stands against its deadline (a closed case is never late). */
export function deadlineState(dueAt: Date, now: Date, closed = false): DeadlineState {
  if (closed) return 'not_due';
  const left = dueAt.getTime() - now.getTime();
  if (left < 0) return 'overdue';
  return left <= DUE_SOON_HOURS * 3_600_000 ? 'due_soon' : 'not_due';
}

/** « 2 j 4 h », « 3 h 12 min », « en retard de 1 j 2 h ». */
export function countdownLabel(dueAt: Date, now: Date): string {
  const ms = dueAt.getTime() - now.getTime();
  const abs = Math.abs(ms);
  const days = Math.floor(abs / 86_400_000);
  const hours = Math.floor((abs % 86_400_000) / 3_600_000);
  const minutes = Math.floor((abs % 3_600_000) / 60_000);
  const span = days > 0 ? `${days}\u00a0j ${hours}\u00a0h` : `${hours}\u00a0h ${minutes}\u00a0min`;
  return ms < 0 ? `en retard de ${span}` : `reste ${span}`;
}

export const CASE_VIEWS = ['mine', 'unassigned', 'all'] as const;
export const CASE_STATES = ['OPEN', 'CLOSED'] as const;
export const ZCaseState = z.enum(CASE_STATES);
export const PRIORITY_LABELS: Record<number, string> = { 1: 'Haute', 2: 'Normale', 3: 'Basse' };

export const ZCaseQuery = z.object({
  view: z.enum(CASE_VIEWS).default('mine'),
  state: ZCaseState.default('OPEN'),
  type: ZRequestType.optional(),
  tenant: z.string().max(64).optional(),
  member: z.uuid().optional(),
  /** Next page: the last row's deadline and id. */
  after: z.string().max(100).optional(),
});
export type TCaseQuery = z.infer<typeof ZCaseQuery>;

export const ZStaffRef = z.object({ id: z.uuid(), displayName: z.string() });

export const ZCaseSummary = z.object({
  id: z.uuid(),
  tenantId: z.string(),
  memberId: z.uuid(),
  memberName: z.string(),
  membershipNumber: z.string(),
  type: ZRequestType,
  typeCode: z.number().int(),
  kindLabel: z.string(),
  title: z.string(),
  statusKey: ZStatusKey,
  statusLabel: z.string(),
  state: ZCaseState,
  assignee: ZStaffRef.nullable(),
  priority: z.number().int().min(1).max(3),
  dueAt: z.iso.datetime({ offset: true }),
  ackDueAt: z.iso.datetime({ offset: true }).nullable(),
  deadline: z.enum(DEADLINE_STATES),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TCaseSummary = z.infer<typeof ZCaseSummary>;

export const ZCaseList = z.object({ items: z.array(ZCaseSummary), next: z.string().nullable() });

export const ZCaseNote = z.object({ id: z.uuid(), body: z.string(), staff: ZStaffRef, createdAt: z.iso.datetime({ offset: true }) });

export const ZCaseNextStep = z.object({ step: ZTimelineStep, label: z.string() });

/**
 * A refund account change's case (10023/10032): what the agent checks against the copy of the RIB — the
 * whole IBAN asked for (staff only), the account in force (masked) — and where the change stands.
 */
export const ZCaseBankChange = z.object({
  holder: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  bankName: z.string().nullable(),
  status: z.enum(['REQUEST_SENT', 'ACCEPTED', 'REFUSED']),
  inForceIbanMasked: z.string().nullable(),
});
export type TCaseBankChange = z.infer<typeof ZCaseBankChange>;

export const ZCaseDetail = ZCaseSummary.extend({
  member: z.object({ id: z.uuid(), name: z.string(), membershipNumber: z.string(), email: z.string().nullable(), adviserCode: z.string().nullable() }),
  statusList: z.array(ZRequestStatusStep),
  messages: z.array(ZRequestMessage),
  notes: z.array(ZCaseNote),
  nextSteps: z.array(ZCaseNextStep),
  staff: z.array(ZStaffRef),
  /** A refund account change's case only. */
  bankChange: ZCaseBankChange.nullable().optional(),
});
export type TCaseDetail = z.infer<typeof ZCaseDetail>;

const ZText = (max: number, empty: string) => z.string().trim().min(1, empty).max(max, `${max} caractères au maximum.`);
export const ZCaseReply = z.object({ message: ZText(5000, 'Saisissez votre réponse.') });
export const ZCaseNoteInput = z.object({ body: ZText(5000, 'Saisissez la note.') });
export const ZCaseStepInput = z.object({ step: ZTimelineStep });
export const ZCaseAssign = z.object({ staffId: z.uuid().nullable(), priority: z.number().int().min(1).max(3).optional() });

/** Canned answers the agent can start a reply from. */
export const CANNED_ANSWERS: readonly { label: string; text: string }[] = [
  {
    label: 'Accusé de réception',
    text: 'Bonjour,\n\nNous avons bien reçu votre demande et la traitons dans les meilleurs délais.\n\nCordialement,\nVotre centre de gestion',
  },
  {
    label: 'Pièces manquantes',
    text: 'Bonjour,\n\nPour traiter votre demande, merci de nous transmettre les pièces complémentaires suivantes\u00a0: \n\nCordialement,\nVotre centre de gestion',
  },
  {
    label: 'Demande traitée',
    text: 'Bonjour,\n\nVotre demande a été traitée. N’hésitez pas à revenir vers nous si besoin.\n\nCordialement,\nVotre centre de gestion',
  },
];

// ——— Members and handoff ————————————————————————————————————————————————————————————

export const ZMemberSearchQuery = z.object({ q: z.string().trim().min(2, 'Saisissez au moins 2 caractères.').max(100) });
export const ZMemberHit = z.object({ id: z.uuid(), tenantId: z.string(), name: z.string(), membershipNumber: z.string(), email: z.string().nullable() });
export type TMemberHit = z.infer<typeof ZMemberHit>;

export const ZHandoffInput = z
  .object({ mode: ZBoMode, reason: z.string().trim().max(500, '500 caractères au maximum.').optional() })
  .refine((v) => v.mode !== 'DEROGATION' || (v.reason?.length ?? 0) >= 5, {
    message: 'Indiquez le motif de la dérogation (5 caractères au moins).',
    path: ['reason'],
  });
export const ZHandoffResult = z.object({ url: z.url(), expiresAt: z.iso.datetime({ offset: true }) });
export const ZHandoffConsume = z.object({ token: z.string().min(20).max(100) });

/** The member portal's banner for a back-office session. */
export const BO_READ_ONLY_ALERT = 'Vous êtes connecté en lecture seule à l’espace de cet adhérent\u00a0: aucune modification n’est possible.';
export const BO_DEROGATION_NOTICE =
  'Vous êtes connecté à l’espace de cet adhérent par dérogation\u00a0: vos actions sont effectuées en son nom et enregistrées.';
export const BO_END_SESSION = 'Terminer la session';

// ——— Audit ——————————————————————————————————————————————————————————————————————————

export const AUDIT_SEARCH_LIMIT = 200;
export const AUDIT_QUERY_ERRORS = {
  member: 'Indiquez le numéro d’adhérent (chiffres) ou l’identifiant de l’adhérent.',
  staff: 'Indiquez l’adresse e-mail ou l’identifiant de l’agent.',
  case: 'Indiquez l’identifiant du dossier.',
  session: 'La référence de session compte 12 caractères (chiffres et lettres a à f).',
  date: 'Indiquez une date au format AAAA-MM-JJ.',
  range: 'La date de fin précède la date de début.',
} as const;
const optionalText = (max: number, pattern: RegExp, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string().max(max, message).regex(pattern, message).optional(),
  );
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/bo/audit: the audit rows of the staff member's tenants, the most recent first
 * (AUDIT_SEARCH_LIMIT at most), by member (membership number or id), staff member (e-mail or id),
 * case, back-office session (its reference) and Paris days (from, to: both included).
 */
export const ZAuditQuery = z
  .object({
    member: optionalText(40, /^(\d{1,20}|[0-9a-f-]{36})$/i, AUDIT_QUERY_ERRORS.member),
    staff: optionalText(254, /^([^\s@]+@[^\s@]+|[0-9a-f-]{36})$/i, AUDIT_QUERY_ERRORS.staff),
    case: optionalText(36, UUID, AUDIT_QUERY_ERRORS.case),
    session: optionalText(12, /^[0-9a-f]{12}$/i, AUDIT_QUERY_ERRORS.session),
    from: optionalText(10, /^\d{4}-\d{2}-\d{2}$/, AUDIT_QUERY_ERRORS.date),
    to: optionalText(10, /^\d{4}-\d{2}-\d{2}$/, AUDIT_QUERY_ERRORS.date),
    kind: z.string().max(64).optional(),
    /** Only the calls made in back-office member sessions. */
    entered: z.enum(['true', 'false']).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: AUDIT_QUERY_ERRORS.range, path: ['to'] });
export type TAuditQuery = z.output<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  tenantId: z.string().nullable(),
  memberId: z.uuid().nullable(),
  /** The member's membership number, when the row names a member. */
  membershipNumber: z.string().nullable(),
  kind: z.string(),
  /** The staff member who acted, when one did. */
  staff: z.object({ id: z.string(), displayName: z.string(), email: z.string() }).nullable(),
  /** The back-office member session the row belongs to (its non-secret reference), if any. */
  session: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/** Event kinds in French for the audit screen; an unlisted kind shows as written. */
export const AUDIT_KIND_LABELS: Record<string, string> = {
  BO_HANDOFF_CREATED: 'Accès à l’espace d’un adhérent demandé',
  BO_SESSION_OPENED: 'Session dans l’espace d’un adhérent ouverte',
  BO_SESSION_CALL: 'Action dans l’espace d’un adhérent',
  READ_ONLY_WRITE_REFUSED: 'Modification refusée (lecture seule)',
  STAFF_LOGIN_FAILED: 'Échec de connexion d’un agent',
  LOGIN_PASSWORD_OK: 'Mot de passe accepté',
  LOGIN_FAILED: 'Échec de connexion',
  SESSION_OPENED: 'Session ouverte',
  SESSION_EXPIRED: 'Session expirée',
  LOGOUT: 'Déconnexion',
  PASSWORD_CHANGED: 'Mot de passe modifié',
};

/** Families of the SLA table: the request types, complaints apart. */
export type CaseFamily = RequestType | 'claim';
export const ZCaseDocument = ZRequestDocument;
