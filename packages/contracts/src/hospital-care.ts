/*
 * The identifier and date rules of the hospital coverage request (FINESS, dates). The request flow
 * itself (home/hospital-care, the establishment directory)
 * is not built yet: these rules are its shared part, tested on their own.
 */

// HOSPITAL_REQUEST_MAX_DAYS_AHEAD (15; the spec's card says 10) lives beside the prepare-treatment hub's texts.
import { z } from 'zod';
import { HOSPITAL_REQUEST_MAX_DAYS_AHEAD, HOSPITAL_REQUEST_TIMING } from './quotes';
import { CAPITALS_MESSAGE, exactLengthMessage, isCapitalsCode } from './text';

/** Luhn over a string of digits (the last one is the check digit). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A FINESS number: 9 characters, the first two the department (97x/98x overseas); the last digit is a
 * Luhn key over the nine (AP-HP 750712184). Corsican numbers (2A/2B) are accepted without the key check.
 */
export function isValidFiness(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (/^2[AB]\d{7}$/.test(v)) return true;
  return /^\d{9}$/.test(v) && luhnValid(v);
}

/** An Adeli number: 9 digits, no published key. */
export const isValidAdeli = (value: string) => /^\d{9}$/.test(value.trim());
/** An RPPS number: 11 digits, no published key. */
export const isValidRpps = (value: string) => /^\d{11}$/.test(value.trim());
/** A DMT (hospital discipline) code: 3 digits; optional in the form, so empty passes. */
export const isValidDmt = (value: string) => value.trim() === '' || /^\d{3}$/.test(value.trim());

export const HOSPITAL_CARE_ERRORS = {
  admissionTooFar: HOSPITAL_REQUEST_TIMING,
  releaseBeforeAdmission: 'La date de sortie ne peut pas précéder la date d’admission.',
  dmt: 'Le code DMT compte 3 chiffres.',
  finess: 'Le numéro FINESS n’est pas valide (9 caractères, clé de contrôle).',
  adeli: 'Le numéro Adeli compte 9 chiffres.',
  act: "Le champ 'Nature de l’acte' ne peut pas être vide",
} as const;

/** YYYY-MM-DD plus whole days. */
export function isoDatePlusDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The admission-date rule: at most 15 days ahead of today (an admission already passed is allowed). */
export function admissionDateProblem(admission: string, today: string): string | null {
  return admission > isoDatePlusDays(today, HOSPITAL_REQUEST_MAX_DAYS_AHEAD) ? HOSPITAL_CARE_ERRORS.admissionTooFar : null;
}

// ───────────────────────────── the request (POST /api/hospital-care-requests) ─────────────────────────────

export const HOSPITAL_CARE_TEXT_MAX = 1000;
export const HOSPITAL_CARE_FORM_ERRORS = {
  beneficiary: 'Veuillez choisir la personne hospitalisée',
  admissionDate: 'Veuillez saisir la date d’admission.',
  releaseDate: 'La date de sortie n’est pas valide.',
  hospitalizationType: 'Veuillez choisir le type d’hospitalisation.',
  establishment: 'Veuillez choisir un établissement ou le saisir vous-même.',
  establishmentName: 'Veuillez saisir le nom de l’établissement.',
  duration: 'La durée est un nombre de jours entre 0 et 365.',
  text: `Ce champ ne doit pas dépasser ${HOSPITAL_CARE_TEXT_MAX}\u00a0caractères`,
  /** The creation failed. */
  creation: 'Votre demande de prise en charge n’a pas pu être envoyée\u00a0: vérifiez les informations saisies.',
} as const;

const optionalTrimmed = z.string().trim().max(HOSPITAL_CARE_TEXT_MAX, HOSPITAL_CARE_FORM_ERRORS.text).default('');

/** JSON body of POST /api/hospital-care-requests. The establishment: a directory id, or typed by hand (name, FINESS, Adeli). */
export function hospitalCareRequestSchema(today: string) {
  return z
    .object({
      familyPosition: z.coerce
        .number({ error: HOSPITAL_CARE_FORM_ERRORS.beneficiary })
        .int(HOSPITAL_CARE_FORM_ERRORS.beneficiary)
        .min(1, HOSPITAL_CARE_FORM_ERRORS.beneficiary),
      admissionDate: z.iso.date({ error: HOSPITAL_CARE_FORM_ERRORS.admissionDate }),
      releaseDate: z.union([z.literal(''), z.iso.date({ error: HOSPITAL_CARE_FORM_ERRORS.releaseDate })]).default(''),
      dmt: z.string().trim().default('').refine(isValidDmt, HOSPITAL_CARE_ERRORS.dmt),
      hospitalizationType: z
        .string({ error: HOSPITAL_CARE_FORM_ERRORS.hospitalizationType })
        .trim()
        .min(1, HOSPITAL_CARE_FORM_ERRORS.hospitalizationType)
        .max(40),
      establishmentId: z.union([z.literal(''), z.uuid({ error: HOSPITAL_CARE_FORM_ERRORS.establishment })]).default(''),
      manualEstablishment: z
        .object({
          name: z.string().trim().min(1, HOSPITAL_CARE_FORM_ERRORS.establishmentName).max(200, HOSPITAL_CARE_FORM_ERRORS.establishmentName),
          finess: z
            .string()
            .trim()
            .toUpperCase()
            // The spec's generic messages for a wrong length or a special character; the key fault keeps its own.
            .refine((v) => v.length === 9, { message: exactLengthMessage(9), abort: true })
            .refine(isCapitalsCode, { message: CAPITALS_MESSAGE, abort: true })
            .refine(isValidFiness, HOSPITAL_CARE_ERRORS.finess),
          adeli: z
            .string()
            .trim()
            .refine((v) => v === '' || isValidAdeli(v), HOSPITAL_CARE_ERRORS.adeli)
            .default(''),
        })
        .nullable()
        .default(null),
      act: z.string({ error: HOSPITAL_CARE_ERRORS.act }).trim().min(1, HOSPITAL_CARE_ERRORS.act).max(200, HOSPITAL_CARE_FORM_ERRORS.text),
      comment: optionalTrimmed,
      durationDays: z
        .union([
          z.literal(''),
          z.coerce
            .number({ error: HOSPITAL_CARE_FORM_ERRORS.duration })
            .int(HOSPITAL_CARE_FORM_ERRORS.duration)
            .min(0, HOSPITAL_CARE_FORM_ERRORS.duration)
            .max(365, HOSPITAL_CARE_FORM_ERRORS.duration),
        ])
        .default(''),
    })
    .superRefine((v, ctx) => {
      const tooFar = admissionDateProblem(v.admissionDate, today);
      if (tooFar) ctx.addIssue({ code: 'custom', path: ['admissionDate'], message: tooFar });
      if (v.releaseDate && v.releaseDate < v.admissionDate)
        ctx.addIssue({ code: 'custom', path: ['releaseDate'], message: HOSPITAL_CARE_ERRORS.releaseBeforeAdmission });
      if (!v.establishmentId && !v.manualEstablishment)
        ctx.addIssue({ code: 'custom', path: ['establishmentId'], message: HOSPITAL_CARE_FORM_ERRORS.establishment });
    });
}
export type THospitalCareRequest = z.input<ReturnType<typeof hospitalCareRequestSchema>>;

/**
 * One establishment of the directory (GET /api/establishments?q=): its FINESS category label (null for a
 * row without one) and whether it is a generated demo row (never a real establishment).
 */
export const ZEstablishment = z.object({
  id: z.uuid(),
  finess: z.string(),
  name: z.string(),
  city: z.string(),
  postalCode: z.string(),
  category: z.string().nullable(),
  fictitious: z.boolean(),
});
export type TEstablishment = z.infer<typeof ZEstablishment>;
export const ZEstablishmentQuery = z.object({ q: z.string().trim().max(100).default('') });
/** Fewer characters than this: no search (too many matches to be useful). */
export const ESTABLISHMENT_SEARCH_MIN = 2;
export const ESTABLISHMENT_SEARCH_LIMIT = 20;

/**
 * The search text of an establishment or a query: lower case, accents and punctuation removed, one space
 * between words (« Pitié-Salpêtrière » → « pitie salpetriere »), dotted initials joined (« C.H.U. » →
 * « chu », as the FINESS extract writes « C.H. LOUIS CONSTANT FLEMING »). The directory stores it beside
 * the name.
 */
export function establishmentSearchText(value: string): string {
  return value
    .replace(/(?<![\p{L}\d])\p{L}(?:\.\p{L})+\.?(?![\p{L}\d])/gu, (initials) => initials.replace(/\./g, ''))
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
