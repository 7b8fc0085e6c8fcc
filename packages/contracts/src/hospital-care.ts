/*
 * The identifier and date rules of the hospital coverage request (member-features.md §3, §5, §9;
 * RULES.md « Identifiers »). The request flow itself (home/hospital-care, the establishment directory)
 * is not built yet: these rules are its shared part, tested on their own.
 */

// HOSPITAL_REQUEST_MAX_DAYS_AHEAD (15; the spec's card says 10) lives beside the prepare-treatment hub's texts.
import { HOSPITAL_REQUEST_MAX_DAYS_AHEAD } from './quotes';

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
  admissionTooFar: `La demande de prise en charge se fait au plus tôt ${HOSPITAL_REQUEST_MAX_DAYS_AHEAD}\u00a0jours avant l’admission.`,
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
