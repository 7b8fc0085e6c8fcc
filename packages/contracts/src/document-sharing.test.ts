import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_SHARING_ERRORS,
  SHARED_DOCUMENT_TYPES,
  SHARED_DOCUMENT_TYPE_INFO,
  ZDocumentSharingFields,
  ageOn,
  sharedDocumentTypeOfParam,
  sharedDocumentTypesFor,
} from './document-sharing';
import { MESSAGE_KIND_CODES, SUPPORTING_DOCUMENT_KINDS } from './requests';

const TODAY = '2026-11-23';

describe('document types per beneficiary', () => {
  it('offers the PACS and living-together proofs to the partner only', () => {
    // Every type but the school certificate, in the form's order.
    expect(sharedDocumentTypesFor({ rank: 'PARTNER', birthDate: '1985-01-01' }, TODAY)).toEqual(SHARED_DOCUMENT_TYPES.filter((t) => t !== 'schooling'));
    expect(sharedDocumentTypesFor({ rank: 'MAIN', birthDate: '1980-01-01' }, TODAY)).not.toContain('pacs');
  });
  it('offers a child the school certificate, and France Travail from 16', () => {
    const young = sharedDocumentTypesFor({ rank: 'CHILD', birthDate: '2015-05-01' }, TODAY);
    expect(young).toContain('schooling');
    expect(young).not.toContain('employment_center');
    expect(sharedDocumentTypesFor({ rank: 'CHILD', birthDate: '2010-11-23' }, TODAY)).toContain('employment_center');
    expect(sharedDocumentTypesFor({ rank: 'CHILD', birthDate: '2010-11-24' }, TODAY)).not.toContain('employment_center');
  });
  it('counts ages by birthday', () => {
    expect(ageOn('2010-11-23', TODAY)).toBe(16);
    expect(ageOn('2010-11-24', TODAY)).toBe(15);
  });
});

describe('document type texts', () => {
  it('tells what a school certificate and a France Travail proof must show', () => {
    expect(SHARED_DOCUMENT_TYPE_INFO.schooling.guidance).toMatch(/nom.*date de naissance.*année scolaire.*établissement.*signature de la direction/s);
    expect(SHARED_DOCUMENT_TYPE_INFO.employment_center.guidance).toMatch(
      /Sécurité sociale.*identifiant France Travail.*période.*jours indemnisés.*montant journalier.*date de début/s,
    );
  });
  it('maps every type to a kind of the request-types list', () => {
    for (const type of SHARED_DOCUMENT_TYPES) {
      const { kind } = SHARED_DOCUMENT_TYPE_INFO[type];
      if (kind.type === 'supporting_document') expect(SUPPORTING_DOCUMENT_KINDS).toContain(kind.codeName);
      else expect(Object.keys(MESSAGE_KIND_CODES)).toContain(kind.codeName);
    }
  });
});

describe('document sharing fields', () => {
  it('asks for a beneficiary and a type in French', () => {
    const res = ZDocumentSharingFields.safeParse({ familyPosition: '', documentType: 'passport' });
    expect(res.error!.issues.map((i) => i.message)).toEqual([DOCUMENT_SHARING_ERRORS.beneficiary, DOCUMENT_SHARING_ERRORS.type]);
    expect(ZDocumentSharingFields.parse({ familyPosition: '2', documentType: 'pacs' })).toEqual({ familyPosition: 2, documentType: 'pacs', comment: '' });
  });
  it('reads the doc-sharing/{data} parameter as a type to pre-select', () => {
    expect(sharedDocumentTypeOfParam('schooling')).toBe('schooling');
    expect(sharedDocumentTypeOfParam('nope')).toBeNull();
    expect(sharedDocumentTypeOfParam(undefined)).toBeNull();
  });
});
