import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { parisDate } from '../../src/lib/clock';
import { fields, postMultipart, samplePdf, type Part } from './documents-fixtures';
import type { TestClient } from './test-app';

/** The fields of « Ajouter un bénéficiaire » for a daughter born today, attached to the main insured. */
export const newbornFields = (overrides: Record<string, string> = {}): Part[] =>
  fields({
    type: 'CHILD',
    profile: 'BIRTH',
    firstName: 'Inès',
    surName: 'Durand',
    sex: 'F',
    birthDate: parisDate(new Date()),
    ownNir: 'false',
    attachedParent: 'MAIN',
    membershipStart: parisDate(new Date()),
    otherCover: 'NONE',
    alsaceMoselle: 'false',
    ...overrides,
  });

/** A message to the insurer through the member API (« Poser une question »); its request id. */
export async function sendMemberMessage(member: TestClient, object: string, message: string): Promise<string> {
  const res = await postMultipart(member, '/api/requests/messages', fields({ object, category: 'membership_other', message }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.requestId as string;
}

/**
 * A refund claim through the member API: its fields, a detailed invoice of a number never seen before
 * (the duplicate-invoice check lets it through), then any other document; its request id.
 */
export async function sendRefundClaim(member: TestClient, claim: Record<string, string>, otherDocuments: Part[] = []): Promise<string> {
  const res = await postMultipart(member, '/api/refund-requests', [
    ...fields(claim),
    {
      name: 'document.FACTURE_DETAILLEE',
      filename: 'facture.pdf',
      content: await samplePdf('Facture', [`Facture n° ${randomUUID()}`]),
      contentType: 'application/pdf',
    },
    ...otherDocuments,
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.requestId as string;
}

/** Camille ends her dental option for herself and Thomas after a year (the termination form's JSON). */
export const dentalOptionTermination = {
  surName: 'Durand',
  firstName: 'Camille',
  email: 'camille.durand@example.com',
  insurerContract: 'MUTUA-IND-2024',
  kind: 'PAID_OPTIONS',
  optionCodes: ['OPT-DENT'],
  reason: 'AFTER_ONE_YEAR',
  reasonText: '',
  date: '',
  familyPositions: [1, 2],
};
