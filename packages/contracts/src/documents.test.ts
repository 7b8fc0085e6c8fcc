import { describe, expect, it } from 'vitest';
import { ZAllDocuments } from './documents';
import { defaultRequestTypes } from './request-kinds';

describe('allDocuments', () => {
  it('carries shared documents with the spec field names and the upload types', () => {
    const parsed = ZAllDocuments.parse({
      documentsDto: {
        documents: [
          {
            id: '0b6f8a2e-8d0c-4c4e-9a53-3a1f2f0e9b11',
            fileName: 'certificat.pdf',
            uploadDate: '2026-01-15',
            typeCode: 1,
            nameBeneciary: 'Léa Durand',
            typeDoc: 'JUSTIFICATIF',
          },
        ],
      },
      uploadDocumentsTypes: defaultRequestTypes().filter((t) => t.type === 'supporting_document'),
    });
    expect(parsed.documentsDto.documents[0]!.typeDoc).toBe('JUSTIFICATIF');
    expect(parsed.uploadDocumentsTypes).toHaveLength(6);
    expect(
      ZAllDocuments.safeParse({ documentsDto: { documents: [{ ...parsed.documentsDto.documents[0], typeDoc: 'AUTRE' }] }, uploadDocumentsTypes: [] }).success,
    ).toBe(false);
  });
});
