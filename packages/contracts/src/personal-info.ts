import { z } from 'zod';
import { dataEnvelope } from './api';
import { ZEmail } from './auth';

/**
 * Personal information is invalid when the mobile number, the e-mail, the city, the zip code or the
 * first address line is missing: the guard then opens validate-info.
 */
export const REQUIRED_PERSONAL_INFO = ['mobileNumber', 'email', 'city', 'zipCode', 'line1'] as const;
export type RequiredPersonalInfo = (typeof REQUIRED_PERSONAL_INFO)[number];
export type PersonalInfoFields = Partial<Record<RequiredPersonalInfo, string | null | undefined>>;

/** The required fields that are missing or blank, in REQUIRED_PERSONAL_INFO order. */
export function missingPersonalInfo(fields: PersonalInfoFields): RequiredPersonalInfo[] {
  return REQUIRED_PERSONAL_INFO.filter((key) => !fields[key]?.trim());
}

export function isPersonalInfoValid(fields: PersonalInfoFields): boolean {
  return missingPersonalInfo(fields).length === 0;
}

/** French mobile number, written 06 12 34 56 78, 06.12.34.56.78 or +33 6 12 34 56 78. */
export const ZMobileNumber = z
  .string()
  .transform((v) => v.replace(/[\s.-]/g, ''))
  .pipe(z.string().regex(/^(?:0|\+33)[67][0-9]{8}$/, 'Numéro de mobile invalide.'))
  .transform((v) => (v.startsWith('+33') ? `0${v.slice(3)}` : v));

export const ZZipCode = z
  .string()
  .trim()
  .regex(/^[0-9]{5}$/, 'Le code postal compte 5 chiffres.');

/** POST /api/auth/personal-info/validate: the validate-info dialog completes the missing fields. */
export const ZPersonalInfoValidationRequest = z.object({
  email: ZEmail,
  mobileNumber: ZMobileNumber,
  address: z.object({
    line1: z.string().trim().min(1, 'Adresse requise.').max(200),
    line2: z.string().trim().max(200).nullish(),
    line3: z.string().trim().max(200).nullish(),
    zipCode: ZZipCode,
    city: z.string().trim().min(1, 'Ville requise.').max(100),
  }),
});
export type TPersonalInfoValidationRequest = z.input<typeof ZPersonalInfoValidationRequest>;
export const ZPersonalInfoValidationResponse = dataEnvelope(z.object({ invalidPersonalInformation: z.literal(false) }));

/** The member's contact points and postal address, as read. */
export const ZContact = z.object({
  email: z.string().nullable(),
  secondaryEmail: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export const ZAddress = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  line3: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
});
