import { z } from 'zod';
import { ZRequestTypeEntry } from './requests';

/*
 * Documents of member-features.md section 3: what the member shared (supporting documents, typeDoc
 * JUSTIFICATIF) as listed in the global details' allDocuments, and the document types they may upload.
 * Every stored file is downloaded through GET /api/requests/messages/file?documentId=<id>.
 */

export const SHARED_DOCUMENT_KIND = 'JUSTIFICATIF' as const;

/** One shared document, with the spec's field names (nameBeneciary is spelled as the spec spells it). */
export const ZSharedDocument = z.object({
  id: z.uuid(),
  fileName: z.string(),
  uploadDate: z.iso.date(),
  typeCode: z.number().int(),
  nameBeneciary: z.string().nullable(),
  typeDoc: z.literal(SHARED_DOCUMENT_KIND),
});
export type TSharedDocument = z.infer<typeof ZSharedDocument>;

/** allDocuments of the global details. */
export const ZAllDocuments = z.object({
  documentsDto: z.object({ documents: z.array(ZSharedDocument) }),
  /** Supporting-document types the member may upload (codes from the server's request-types list). */
  uploadDocumentsTypes: z.array(ZRequestTypeEntry),
});
export type TAllDocuments = z.infer<typeof ZAllDocuments>;
export const ZDocumentsInfo = z.object({ allDocuments: ZAllDocuments });
