import { z } from 'zod';
import { dataEnvelope } from './api';

/*
 * The mentions légales of a tenant (loi pour la confiance dans l'économie numérique, art. 6 III): who
 * publishes the site (name, legal form, registration, address), the director of publication, the host
 * — which holds members' health data, so an HDS-certified one (code de la santé publique L1111-8) — and
 * a contact. Each tenant fills its own in the back office; the public page shows them.
 */

export const LEGAL_NOTICE_LIMITS = { short: 200, long: 500 } as const;

export const LEGAL_NOTICE_LABELS = {
  publisherName: 'Éditeur',
  publisherLegalForm: 'Forme juridique',
  registration: 'Immatriculation',
  address: 'Siège social',
  publicationDirector: 'Directeur ou directrice de la publication',
  hostName: 'Hébergeur',
  hostAddress: 'Adresse de l’hébergeur',
  hostHdsCertificate: 'Certification HDS de l’hébergeur',
  contactEmail: 'Adresse e-mail de contact',
  contactPhone: 'Téléphone de contact',
} as const;
export type LegalNoticeField = keyof typeof LEGAL_NOTICE_LABELS;

const required = (field: LegalNoticeField, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Le champ '${LEGAL_NOTICE_LABELS[field]}' ne peut pas être vide`)
    .max(max, `Le champ '${LEGAL_NOTICE_LABELS[field]}' ne doit pas dépasser ${max}\u00a0caractères`);

export const LEGAL_NOTICE_ERRORS = {
  contactEmail: 'Veuillez saisir une adresse e-mail valide',
  contactPhone: 'Veuillez saisir un numéro de téléphone valide (10 chiffres)',
} as const;

/** What the administrator fills (PUT /api/bo/tenants/{id}/legal-notice). */
export const ZLegalNoticeInput = z.object({
  publisherName: required('publisherName', LEGAL_NOTICE_LIMITS.short),
  publisherLegalForm: required('publisherLegalForm', LEGAL_NOTICE_LIMITS.short),
  registration: required('registration', LEGAL_NOTICE_LIMITS.long),
  address: required('address', LEGAL_NOTICE_LIMITS.long),
  publicationDirector: required('publicationDirector', LEGAL_NOTICE_LIMITS.short),
  hostName: required('hostName', LEGAL_NOTICE_LIMITS.short),
  hostAddress: required('hostAddress', LEGAL_NOTICE_LIMITS.long),
  hostHdsCertificate: required('hostHdsCertificate', LEGAL_NOTICE_LIMITS.long),
  contactEmail: z.string().trim().max(254, LEGAL_NOTICE_ERRORS.contactEmail).pipe(z.email(LEGAL_NOTICE_ERRORS.contactEmail)),
  contactPhone: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s.]/g, ''))
    .pipe(z.union([z.literal(''), z.string().regex(/^0\d{9}$/, LEGAL_NOTICE_ERRORS.contactPhone)])),
});
export type TLegalNoticeInput = z.input<typeof ZLegalNoticeInput>;

/** As stored and shown (plain strings: an answer's schema carries no transform). */
export const ZLegalNotice = z.object({
  ...(Object.fromEntries(Object.keys(LEGAL_NOTICE_LABELS).map((k) => [k, z.string()])) as Record<LegalNoticeField, z.ZodString>),
  updatedAt: z.string(),
});
export type TLegalNotice = z.infer<typeof ZLegalNotice>;

/** GET /api/legal-notice (public): the host's tenant's mentions légales. */
export const ZLegalNoticeResponse = dataEnvelope(ZLegalNotice);
/** GET /api/bo/tenants/{id}/legal-notice: null while the tenant has not filled them. */
export const ZAdminLegalNoticeResponse = dataEnvelope(ZLegalNotice.nullable());

/** « 01 23 45 67 89 » from « 0123456789 ». */
export const formatNoticePhone = (digits: string) => digits.replace(/(\d{2})(?=\d)/g, '$1\u00a0');
