import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { AppError } from '../src/lib/app-error';
import { findMemberFile, listSharedDocuments, storeFile } from '../src/modules/documents/file-store';
import { inspectUpload } from '../src/http/upload-check';
import { demoDatabase } from './support/database';
import { encryptedPdf, fakePdf, htmlWithPdfInside, sampleGif, sampleJpeg, samplePdf, samplePng } from './support/documents-fixtures';

let database: Database;
let drop: () => Promise<void>;
let camille: string;
let lea: string;

beforeAll(async () => {
  ({ database, drop, camille, lea } = await demoDatabase());
});
afterAll(() => drop());

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
};

describe('inspectUpload', () => {
  it('accepts pdf, png, gif and jpeg by content and names them after their real format', async () => {
    expect(await inspectUpload(await samplePdf(), 'Facture Dentiste.PDF')).toMatchObject({
      format: 'pdf',
      contentType: 'application/pdf',
      name: 'Facture Dentiste.pdf',
    });
    expect(await inspectUpload(samplePng(), 'photo')).toMatchObject({ format: 'png', contentType: 'image/png', name: 'photo.png' });
    expect(await inspectUpload(sampleGif(), 'x.gif')).toMatchObject({ format: 'gif', contentType: 'image/gif' });
    // A JPEG sent with a .png name is stored as what it is.
    expect(await inspectUpload(sampleJpeg(), 'scan.png')).toMatchObject({ format: 'jpg', contentType: 'image/jpeg', name: 'scan.jpg' });
    const inspected = await inspectUpload(samplePng(), 'a.png');
    expect(inspected.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(inspected.sizeBytes).toBe(inspected.content.length);
  });

  it('refuses impostors, empty files and encrypted PDFs', async () => {
    expect(await codeOf(inspectUpload(fakePdf(), 'facture.pdf'))).toBe('UPLOAD_INVALID_FORMAT');
    expect(await codeOf(inspectUpload(htmlWithPdfInside(), 'page.pdf'))).toBe('UPLOAD_INVALID_FORMAT');
    expect(await codeOf(inspectUpload(Buffer.alloc(0), 'vide.pdf'))).toBe('UPLOAD_EMPTY_FILE');
    const locked = await encryptedPdf();
    if (locked) expect(await codeOf(inspectUpload(locked, 'protégé.pdf'))).toBe('UPLOAD_ENCRYPTED');
  });
});

describe('file store', () => {
  it('keeps the exact bytes and gives them back only to their owner', async () => {
    const content = await samplePdf('Justificatif');
    const id = await storeFile(database.db, {
      memberId: camille,
      origin: 'member',
      name: 'Justificatif',
      nameFile: 'justificatif.pdf',
      contentType: 'application/pdf',
      content,
      typeCode: 2,
    });
    const mine = await findMemberFile(database.db, camille, id);
    expect(mine).toMatchObject({ id, nameFile: 'justificatif.pdf', contentType: 'application/pdf' });
    expect(Buffer.compare(mine!.content, content)).toBe(0);
    expect(await findMemberFile(database.db, lea, id)).toBeNull();
    expect(await findMemberFile(database.db, camille, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('lists the member’s shared supporting documents with the spec fields', async () => {
    const docs = await listSharedDocuments(database.db, camille);
    const schooling = docs.find((d) => d.fileName === 'certificat-scolarite-noah.pdf');
    expect(schooling).toMatchObject({ typeCode: 1, typeDoc: 'JUSTIFICATIF', nameBeneciary: 'NOAH DURAND' });
    expect(schooling!.uploadDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await listSharedDocuments(database.db, lea)).toEqual([]);
  });
});
