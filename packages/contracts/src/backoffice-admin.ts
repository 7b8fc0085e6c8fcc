import { z } from 'zod';
import { STAFF_ROLES, ZStaffRole } from './backoffice';
import { complaintDeadlines } from './complaints';
import { ZFeatureId, type FeatureId } from './features';
import { ZLegalPageType } from './legal-pages';
import { parisIsoDate } from './dates';

/*
 * Tenant administration from the back office: staff administrators change, for their
 * tenants, what the operator command changes (maintenance, feature toggles) and the tenant's content
 * (announcement, FAQ, legal pages, SLA table, staff accounts). The member portal sees each change
 * within a second (the tenant directory and `ctx.perTenant` cache for ≤ 1 s).
 */

export const FEATURE_LABELS: Record<FeatureId, string> = {
  MY_SERVICES: 'Mes services',
  BENEFICIARIES_ADD: 'Ajout de bénéficiaires',
  BENEFICIARIES: 'Bénéficiaires',
  CONTRACT_RESILIATION: 'Résiliation du contrat',
  DIGITAL_CAMPAIGNS: 'Campagnes numériques (certificats de scolarité)',
  NIR_LOGIN: 'Connexion avec le numéro de Sécurité sociale',
};

/** Families of the SLA table: the request types, complaints apart. */
export const SLA_FAMILIES = ['supporting_document', 'bill', 'document', 'quotation', 'message', 'claim'] as const;
export const ZSlaFamily = z.enum(SLA_FAMILIES);
export const SLA_FAMILY_LABELS: Record<(typeof SLA_FAMILIES)[number], string> = {
  supporting_document: 'Pièces justificatives',
  bill: 'Factures',
  document: 'Documents',
  quotation: 'Devis',
  message: 'Messages',
  claim: 'Réclamations (réponse)',
};

const ZIso = z.iso.datetime({ offset: true, message: 'Saisissez une date valide.' });
const text = (max: number, empty: string) => z.string().trim().min(1, empty).max(max, `${max} caractères au maximum.`);

// ——— Tenant ———————————————————————————————————————————————————————————————————————————

export const ZAdminAnnouncement = z.object({ message: z.string(), displayed: z.boolean(), startsAt: ZIso.nullable(), endsAt: ZIso.nullable() });
export const ZAdminTenant = z.object({
  id: z.string(),
  name: z.string(),
  maintenance: z.boolean(),
  maintenanceReason: z.string().nullable(),
  features: z.array(z.object({ featureId: ZFeatureId, enabled: z.boolean() })),
  announcement: ZAdminAnnouncement.nullable(),
  sla: z.array(z.object({ family: ZSlaFamily, days: z.number().int() })),
});
export type TAdminTenant = z.infer<typeof ZAdminTenant>;

/** The maintenance form (PUT /api/bo/tenants/{id}/maintenance). */
export const ZAdminMaintenance = z
  .object({ on: z.boolean(), reason: z.string().trim().max(500, '500 caractères au maximum.').nullable().default(null) })
  .refine((v) => !v.on || (v.reason?.length ?? 0) > 0, { message: 'Indiquez le motif affiché aux adhérents.', path: ['reason'] });

export const ZAnnouncementInput = z
  .object({
    message: text(1000, 'Saisissez le message de l’annonce.'),
    displayed: z.boolean(),
    startsAt: ZIso.nullable().default(null),
    endsAt: ZIso.nullable().default(null),
  })
  .refine((v) => !v.startsAt || !v.endsAt || new Date(v.endsAt) > new Date(v.startsAt), {
    message: 'La fin de l’affichage doit suivre son début.',
    path: ['endsAt'],
  });
export type TAnnouncementInput = z.infer<typeof ZAnnouncementInput>;

export const ZSlaInput = z.object({
  entries: z
    .array(
      z.object({
        family: ZSlaFamily,
        days: z
          .number({ message: 'Saisissez un nombre de jours.' })
          .int('Saisissez un nombre entier de jours.')
          .min(1, 'Entre 1 et 365 jours.')
          .max(365, 'Entre 1 et 365 jours.'),
      }),
    )
    .min(1, 'Indiquez au moins un délai.')
    .max(SLA_FAMILIES.length),
});

// ——— FAQ ——————————————————————————————————————————————————————————————————————————————

export const ZAdminFaqEntry = z.object({ id: z.uuid(), question: z.string(), answer: z.string() });
export const ZAdminFaqTheme = z.object({ id: z.string(), title: z.string(), enabled: z.boolean(), entries: z.array(ZAdminFaqEntry) });
export const ZAdminFaqCategory = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  themes: z.array(ZAdminFaqTheme),
});
export type TAdminFaqCategory = z.infer<typeof ZAdminFaqCategory>;

const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Identifiant\u00a0: lettres minuscules, chiffres et tirets.')
  .max(60, '60 caractères au maximum.');
export const ZFaqCategoryInput = z.object({
  id: slug,
  title: text(120, 'Saisissez le titre.'),
  description: z.string().trim().max(300, '300 caractères au maximum.').default(''),
});
export const ZFaqThemeInput = z.object({ id: slug, title: text(120, 'Saisissez le titre.') });
export const ZFaqEntryInput = z.object({ question: text(300, 'Saisissez la question.'), answer: text(5000, 'Saisissez la réponse.') });
export type TFaqEntryInput = z.infer<typeof ZFaqEntryInput>;
/** One place up or down among its siblings (categories of the tenant, themes of a category). */
export const FAQ_MOVES = ['up', 'down'] as const;
const ZFaqMove = z.enum(FAQ_MOVES, { message: 'Déplacement inconnu\u00a0: vers le haut ou vers le bas.' });
const someChange = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);
/** A category shown or hidden, renamed (its id, in the member's address, stays), or moved. */
export const ZFaqCategoryUpdate = z
  .object({
    enabled: z.boolean().optional(),
    title: text(120, 'Saisissez le titre.').optional(),
    description: z.string().trim().max(300, '300 caractères au maximum.').optional(),
    move: ZFaqMove.optional(),
  })
  .refine(someChange, { message: 'Indiquez une modification.' });
export type TFaqCategoryUpdate = z.infer<typeof ZFaqCategoryUpdate>;
/** A theme shown or hidden, renamed (its id stays), or moved within its category. */
export const ZFaqThemeUpdate = z
  .object({ enabled: z.boolean().optional(), title: text(120, 'Saisissez le titre.').optional(), move: ZFaqMove.optional() })
  .refine(someChange, { message: 'Indiquez une modification.' });
export type TFaqThemeUpdate = z.infer<typeof ZFaqThemeUpdate>;

// ——— Legal pages ——————————————————————————————————————————————————————————————————————

export const ZAdminLegalPage = z.object({
  type: ZLegalPageType,
  version: z.number().int(),
  title: z.string(),
  content: z.string(),
  requiresAcceptance: z.boolean(),
  publishedAt: ZIso,
});
/** A new version: members must accept it again when it requires acceptance. */
export const ZLegalPageVersionInput = z.object({
  type: ZLegalPageType,
  title: text(200, 'Saisissez le titre.'),
  content: text(100_000, 'Saisissez le contenu de la page.'),
  requiresAcceptance: z.boolean().default(true),
});

// ——— Staff accounts ————————————————————————————————————————————————————————————————————

export const ZAdminStaff = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: ZStaffRole,
  tenants: z.array(z.string()),
  active: z.boolean(),
  enrolled: z.boolean(),
  blocked: z.boolean(),
});
export type TAdminStaff = z.infer<typeof ZAdminStaff>;

const ZRoleInput = z.enum(STAFF_ROLES, { message: 'Choisissez un rôle\u00a0: gestionnaire, responsable, dérogataire ou administrateur.' });
export const ZStaffCreateInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Saisissez une adresse e-mail valide.')),
  displayName: text(120, 'Saisissez le nom.'),
  role: ZRoleInput,
  tenants: z.array(z.string().max(64)).min(1, 'Choisissez au moins une mutuelle.').max(20),
  /** The first password, given to the person by another channel; TOTP enrolment on first sign-in. */
  password: z.string().min(12, 'Le mot de passe compte 12 caractères au moins.').max(200),
});
export type TStaffCreateInput = z.infer<typeof ZStaffCreateInput>;
/** Role, tenants (those of the administrator; the staff's others stay) or activation; any of them ends the staff's sessions. */
export const ZStaffUpdateInput = z.object({
  role: ZRoleInput.optional(),
  tenants: z.array(z.string().max(64)).min(1, 'Choisissez au moins une mutuelle.').max(20).optional(),
  active: z.boolean().optional(),
});

/** The staff sign-in counter per IP address: this many failures (any account) block the address. */
export const STAFF_IP_MAX_FAILURES = 20;
export const STAFF_IP_BLOCK_MINUTES = 15;

// ——— Complaint deadlines in the queue ——————————————————————————————————————————————————

/** The instant a Paris calendar day ends (23:59:59.999 Paris time, summer or winter). */
export function parisEndOfDay(isoDay: string): Date {
  const utcGuess = new Date(`${isoDay}T23:59:59.999Z`);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' }).formatToParts(utcGuess);
  const parisHour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  // Paris is UTC+1 or UTC+2: 23:59 UTC reads 00 or 01 in Paris the next day.
  const offsetHours = (parisHour + 24 - 23) % 24;
  return new Date(utcGuess.getTime() - offsetHours * 3_600_000);
}

/**
 * A complaint case's deadlines from its receipt: the acknowledgement within 10 jours ouvrables (French
 * public holidays excluded) and the answer within 2 months — the complaints rule (`complaintDeadlines`),
 * each at the end of its Paris day.
 */
export function complaintCaseDeadlines(receivedAt: Date): { ackDueAt: Date; dueAt: Date } {
  const { acknowledgeBy, answerBy } = complaintDeadlines(parisIsoDate(receivedAt));
  return { ackDueAt: parisEndOfDay(acknowledgeBy), dueAt: parisEndOfDay(answerBy) };
}
