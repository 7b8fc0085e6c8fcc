import { z } from 'zod';
import { dataEnvelope } from './api';

/** Legal pages of a tenant, each versioned; the route legal-page/{type} shows one of them. */
export const LEGAL_PAGE_TYPES = ['cgu', 'confidentialite', 'mentions-legales'] as const;
export const ZLegalPageType = z.enum(LEGAL_PAGE_TYPES);
export type LegalPageType = z.infer<typeof ZLegalPageType>;

/** The current version of one page; `requiresAcceptance` pages make up the legal-pages gate. */
export const ZLegalPage = z.object({
  type: ZLegalPageType,
  version: z.number().int().positive(),
  title: z.string(),
  /** Plain text, paragraphs separated by blank lines. */
  content: z.string(),
  requiresAcceptance: z.boolean(),
  publishedAt: z.string(),
});
export type TLegalPage = z.infer<typeof ZLegalPage>;

/** GET /api/legal-pages (public) and GET /api/legal-pages/{type} (public). */
export const ZLegalPagesResponse = dataEnvelope(z.array(ZLegalPage));
export const ZLegalPageResponse = dataEnvelope(ZLegalPage);

/**
 * POST /api/auth/legal-pages/accept: the pages the member scrolled through and accepted, with the
 * version they read. Every page requiring acceptance must be listed in its current version.
 */
export const ZLegalPagesAcceptRequest = z.object({
  pages: z
    .array(z.object({ type: ZLegalPageType, version: z.number().int().positive() }))
    .min(1)
    .max(10),
});
export const ZLegalPagesAcceptResponse = dataEnvelope(z.object({ validatedLegalPages: z.literal(true), acceptedAt: z.string() }));
