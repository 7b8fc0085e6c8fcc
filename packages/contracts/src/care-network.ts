import { z } from 'zod';
import { labelledList } from './labelled-list';
import { dataEnvelope } from './api';
import { withoutAccents } from './faq';

/*
 * Services (the `services` route, gated by MY_SERVICES): the tenant's care networks (global
 * details insured.healthCareNetworks) and a search of the partner professionals and establishments of
 * those networks by specialty and town or postal code, nearest first (GET /api/care-network/search).
 */

/** Specialties of the directory, with the label the member reads. */
export const { values: CARE_SPECIALTY_IDS, labels: CARE_SPECIALTIES } = labelledList({
  opticien: 'Opticien',
  dentiste: 'Chirurgien-dentiste',
  audioprothesiste: 'Audioprothésiste',
  osteopathe: 'Ostéopathe',
  kinesitherapeute: 'Masseur-kinésithérapeute',
  etablissement: 'Établissement de santé',
});
export const ZCareSpecialty = z.enum(CARE_SPECIALTY_IDS);
export type CareSpecialty = keyof typeof CARE_SPECIALTIES;

/** At most this many professionals in one answer, nearest first. */
export const CARE_SEARCH_LIMIT = 20;

export const ZCareNetwork = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The network's own site, if any. */
  url: z.string().nullable(),
  /** The specialties its partners cover (ids of CARE_SPECIALTIES). */
  specialties: z.array(ZCareSpecialty),
});
export type TCareNetwork = z.infer<typeof ZCareNetwork>;

/** A postal code (5 digits, Corsica 20…) or a town name (letters, spaces, hyphens, apostrophes). */
export const POSTAL_CODE_PATTERN = /^\d{5}$/;
const PLACE_PATTERN = /^(?:\d{5}|[\p{L}][\p{L} '’-]*)$/u;

export const ZCareSearchQuery = z.object({
  specialty: z.enum(CARE_SPECIALTY_IDS, 'Veuillez choisir une spécialité.'),
  place: z
    .string('Saisissez une ville ou un code postal.')
    .trim()
    .min(2, 'Saisissez une ville ou un code postal.')
    .max(60, 'La ville ne peut pas dépasser 60 caractères.')
    .regex(PLACE_PATTERN, 'Saisissez une ville ou un code postal à 5 chiffres.'),
});
export type TCareSearchQuery = z.infer<typeof ZCareSearchQuery>;

export const ZCommune = z.object({ inseeCode: z.string(), name: z.string(), postalCode: z.string() });
export type TCommune = z.infer<typeof ZCommune>;

export const ZCareProvider = z.object({
  id: z.string(),
  name: z.string(),
  specialty: ZCareSpecialty,
  network: z.object({ id: z.string(), name: z.string() }),
  address: z.string(),
  postalCode: z.string(),
  town: z.string(),
  phone: z.string().nullable(),
  /** From the searched commune's coordinates, in kilometres, one decimal. */
  distanceKm: z.number(),
});
export type TCareProvider = z.infer<typeof ZCareProvider>;

export const ZCareSearchResult = z.object({
  /** The commune the distances are measured from; null when the place matches none. */
  commune: ZCommune.nullable(),
  providers: z.array(ZCareProvider),
});
export type TCareSearchResult = z.infer<typeof ZCareSearchResult>;

export const ZCareNetworksResponse = dataEnvelope(z.array(ZCareNetwork));
export const ZCareSearchResponse = dataEnvelope(ZCareSearchResult);

/** The key a town name is looked up by: lower case, no accents, « Saint » as « st », single spaces. */
export function communeSearchKey(name: string): string {
  return withoutAccents(name)
    .toLowerCase()
    .replace(/[’'-]/g, ' ')
    .replace(/\bsaint(e?)\b/g, 'st$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** « 1,2 km », « 850 m » (under one kilometre), French decimal comma. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)}\u00a0m`;
  return `${km.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0km`;
}
