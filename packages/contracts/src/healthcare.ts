import { z } from 'zod';
import { dataEnvelope } from './api';

/*
 * The tenant's healthcare catalogue: what the refund-request form offers (global details healthCare)
 * and the act search (GET /api/healthcare/acts?q=).
 */

export const ZHealthcareDocument = z.object({ code: z.string(), label: z.string() });
export type THealthcareDocument = z.infer<typeof ZHealthcareDocument>;

export const ZHealthcareAct = z.object({
  code: z.string(),
  label: z.string(),
  /** Family of the act (consultation, pharmacy, optical, dental, hospital…), for grouping in the form. */
  category: z.string(),
  /** Documents this act needs beside the default ones. */
  documents: z.array(ZHealthcareDocument),
});
export type THealthcareAct = z.infer<typeof ZHealthcareAct>;

export const ZHospitalizationType = z.object({ code: z.string(), label: z.string() });

export const ZHealthCare = z.object({
  allActs: z.array(ZHealthcareAct),
  /** The acts shown first (consultation, pharmacy, optics…). */
  allFrequentActs: z.array(ZHealthcareAct),
  /** Asked for every refund request, whatever the act. */
  defaultDocuments: z.array(ZHealthcareDocument),
  hospitalizationTypes: z.array(ZHospitalizationType),
});
export type THealthCare = z.infer<typeof ZHealthCare>;

/** At most this many acts answer a search. */
export const HEALTHCARE_SEARCH_LIMIT = 20;

export const ZHealthcareActSearchQuery = z.object({
  q: z.string().trim().min(2, 'Saisissez au moins 2 caractères pour rechercher un acte.').max(60, 'Votre recherche ne peut pas dépasser 60 caractères.'),
});
export const ZHealthcareActSearchResponse = dataEnvelope(z.array(ZHealthcareAct));

/** Lower case without accents or punctuation, split in words: how labels are indexed and queries read. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}
