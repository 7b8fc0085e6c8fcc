import { parisIsoDate } from '@mutua/contracts/dates';
import { ZSubmissionResult } from '@mutua/contracts/refund-requests';
import { ZRequestsInfo, type TRequest } from '@mutua/contracts/requests';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSharingDetails, quoteDetails, refundRequestDetails, requestMessages, requests, storedFiles } from '../src/db/schema';
import type { AuthClient } from './support/auth';
import { encryptedPdf, fakePdf, type Part, postMultipart, samplePdf, samplePng } from './support/documents-fixtures';
import type { TestApp, TestClient } from './support/test-app';
import { openSignedIn } from './support/signed-in';

let t: TestApp;
let camille: AuthClient;
let julien: AuthClient;

beforeAll(async () => void ([t, camille, julien] = await openSignedIn('camille', 'julien')));
afterAll(() => t.close());

async function counts() {
  const db = t.database.db;
  const [r] = await db.select({ n: count() }).from(requests);
  const [m] = await db.select({ n: count() }).from(requestMessages);
  const [f] = await db.select({ n: count() }).from(storedFiles);
  const [d] = await db.select({ n: count() }).from(refundRequestDetails);
  const [s] = await db.select({ n: count() }).from(documentSharingDetails);
  return { requests: r!.n, messages: m!.n, files: f!.n, refundDetails: d!.n, sharingDetails: s!.n };
}

async function requestOf(client: TestClient, id: string): Promise<TRequest | undefined> {
  const res = await client.get('/api/all-info?actionKey=requests');
  return ZRequestsInfo.parse(res.json().data)
    .allRequests.flatMap((g) => g.requests)
    .find((r) => r.id === id);
}

const today = parisIsoDate();
let invoiceNo = 0;
/** A paper of its own each time: the same invoice file sent in two claims is refused as a duplicate. */
const pdf = async (name: string) => ({ filename: name, content: await samplePdf('Facture', [`Facture n° ${++invoiceNo}`]), contentType: 'application/pdf' });

const refundParts = async (overrides: Record<string, string> = {}, files?: Part[]): Promise<Part[]> => {
  const fields = {
    actCode: 'KINESITHERAPIE',
    familyPosition: '3',
    careDate: today,
    amount: '1 000,00',
    sessionMode: 'multiple',
    sessionCount: '6',
    comment: 'Rééducation du genou',
    ...overrides,
  };
  return [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(files ?? [
      { name: 'document.FACTURE_DETAILLEE', ...(await pdf('facture.pdf')) },
      { name: 'document.DECOMPTE_SECURITE_SOCIALE', filename: 'decompte.png', content: samplePng(), contentType: 'image/png' },
      { name: 'document.PRESCRIPTION', ...(await pdf('ordonnance.pdf')) },
    ]),
  ];
};

describe('POST /api/refund-requests', () => {
  it('types a GP consultation as « Soins courants », never « Divers »', async () => {
    const res = await postMultipart(
      camille,
      '/api/refund-requests',
      await refundParts({ actCode: 'CONSULTATION_GENERALISTE', sessionMode: 'single', sessionCount: '', comment: 'Consultation' }, [
        { name: 'document.FACTURE_DETAILLEE', ...(await pdf('facture.pdf')) },
        { name: 'document.DECOMPTE_SECURITE_SOCIALE', filename: 'decompte.png', content: samplePng(), contentType: 'image/png' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const request = (await requestOf(camille, ZSubmissionResult.parse(res.json().data).requestId))!;
    expect(request.kindLabel).toBe('Soins courants');
  });

  it('creates a bill request of the act family’s kind, received by our teams, with its documents and details', async () => {
    const before = await counts();
    const res = await postMultipart(camille, '/api/refund-requests', await refundParts());
    expect(res.statusCode, res.body).toBe(201);
    const sent = ZSubmissionResult.parse(res.json().data);
    expect(sent.typeCode).toBe(25); // bill / various: kinésithérapie is paramedical
    const request = (await requestOf(camille, sent.requestId))!;
    expect(request).toMatchObject({ type: 'bill', kind: 'various', statusLabel: 'Demande envoyée', beneficiary: { familyPosition: 3, firstName: 'LÉA' } });
    expect(request.statusList.map((s) => s.label)).toEqual(['Reçu par nos équipes']);
    expect(request.messages[0]!.body).toContain('Montant\u00a0: 1\u202f000,00\u00a0€');
    expect(request.messages[0]!.body).toContain('Séances\u00a0: 6');
    expect(request.messages[0]!.attachments.map((a) => a.name)).toEqual([
      'Facture détaillée et acquittée – facture.pdf',
      'Décompte de la Sécurité sociale – decompte.png',
      'Prescription médicale (ordonnance) – ordonnance.pdf',
    ]);
    const [detail] = await t.database.db.select().from(refundRequestDetails).where(eq(refundRequestDetails.requestId, sent.requestId));
    expect(detail).toMatchObject({ actCode: 'KINESITHERAPIE', careDate: today, amountCents: 100000, sessions: 6, comment: 'Rééducation du genou' });
    expect(await counts()).toEqual({
      ...before,
      requests: before.requests + 1,
      messages: before.messages + 1,
      files: before.files + 3,
      refundDetails: before.refundDetails + 1,
    });
  });

  it('the same form sent twice (double click, retry) creates one request: the second answers the first', async () => {
    const before = await counts();
    const key = crypto.randomUUID();
    const first = await postMultipart(camille, '/api/refund-requests', await refundParts(), { 'idempotency-key': key });
    const second = await postMultipart(camille, '/api/refund-requests', await refundParts(), { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data).toEqual(first.json().data);
    expect(await counts()).toMatchObject({ requests: before.requests + 1, files: before.files + 3, refundDetails: before.refundDetails + 1 });
  });

  it('files an optical act as a new optical equipment bill; no statement asked for alternative medicine', async () => {
    const invoiceAndStatement = (await refundParts()).slice(7, 9);
    const stray = await postMultipart(camille, '/api/refund-requests', await refundParts({ actCode: 'OPTIQUE_LUNETTES', sessionMode: 'single' }));
    expect(stray.json().error.message).toBe('Un fichier ne correspond à aucun document demandé pour cet acte. Veuillez le retirer.');
    const optical = await postMultipart(
      camille,
      '/api/refund-requests',
      await refundParts({ actCode: 'OPTIQUE_LUNETTES', sessionMode: 'single', sessionCount: '' }, invoiceAndStatement),
    );
    expect(optical.statusCode, optical.body).toBe(201);
    expect(optical.json().data.typeCode).toBe(24);
    const osteo = await postMultipart(
      camille,
      '/api/refund-requests',
      await refundParts({ actCode: 'OSTEOPATHIE', sessionMode: 'single' }, [{ name: 'document.FACTURE_DETAILLEE', ...(await pdf('f.pdf')) }]),
    );
    expect(osteo.statusCode, osteo.body).toBe(201);
    expect(osteo.json().data.typeCode).toBe(21);
  });

  it.each([
    [{ careDate: '2020-01-01' }, 'La date ne doit pas être antérieure à 3 ans'],
    [{ careDate: '2999-01-01' }, 'La date des soins ne peut pas être dans le futur.'],
    [{ amount: 'douze' }, 'Veuillez saisir un montant en euros, par exemple 1 000,00.'],
    [{ sessionCount: '' }, 'Veuillez indiquer le nombre de séances.'],
    [{ actCode: 'INCONNU' }, 'Veuillez choisir la nature de l’acte.'],
    [{ familyPosition: '9' }, 'Veuillez choisir un bénéficiaire'],
    [{ comment: '<b>gras</b>' }, 'Les caractères spéciaux ne sont pas autorisés'],
  ])('answers 400 in French and stores nothing for %j', async (overrides, message) => {
    const before = await counts();
    const res = await postMultipart(camille, '/api/refund-requests', await refundParts(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(await counts()).toEqual(before);
  });

  it('needs the documents the act asks for, and refuses files that are not what they claim', async () => {
    const before = await counts();
    const noStatement = await postMultipart(
      camille,
      '/api/refund-requests',
      await refundParts({}, [{ name: 'document.FACTURE_DETAILLEE', ...(await pdf('f.pdf')) }]),
    );
    expect(noStatement.statusCode).toBe(400);
    expect(noStatement.json().error.message).toBe('Veuillez ajouter le document correspondant\u00a0: Décompte de la Sécurité sociale.');
    const fake = await postMultipart(
      camille,
      '/api/refund-requests',
      await refundParts({}, [{ name: 'document.FACTURE_DETAILLEE', filename: 'f.pdf', content: fakePdf(), contentType: 'application/pdf' }]),
    );
    expect(fake.json().error.code).toBe('UPLOAD_INVALID_FORMAT');
    const locked = await encryptedPdf();
    if (locked) {
      const enc = await postMultipart(
        camille,
        '/api/refund-requests',
        await refundParts({}, [{ name: 'document.FACTURE_DETAILLEE', filename: 'f.pdf', content: locked }]),
      );
      expect(enc.json().error.code).toBe('UPLOAD_ENCRYPTED');
    }
    expect(await counts()).toEqual(before);
  });

  it('only knows the member’s own family: another member’s family position is refused and nothing is stored', async () => {
    const before = await counts();
    const res = await postMultipart(julien, '/api/refund-requests', await refundParts({ familyPosition: '3' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Veuillez choisir un bénéficiaire');
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/document-sharing', () => {
  const parts = async (fields: Record<string, string>, withFile = true): Promise<Part[]> => [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(withFile ? [{ name: 'attachments', ...(await pdf('certificat.pdf')) }] : []),
  ];

  it('creates a supporting_document request for a child’s school certificate, listed in the shared documents', async () => {
    const before = await counts();
    const res = await postMultipart(
      camille,
      '/api/document-sharing',
      await parts({ familyPosition: '3', documentType: 'schooling', comment: 'Année 2026-2027' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const sent = ZSubmissionResult.parse(res.json().data);
    expect(sent.typeCode).toBe(1);
    const request = (await requestOf(camille, sent.requestId))!;
    expect(request).toMatchObject({ type: 'supporting_document', kind: 'schooling', title: 'Certificat de scolarité', beneficiary: { familyPosition: 3 } });
    expect(request.statusList.map((s) => s.label)).toEqual(['Reçu par nos équipes']);
    const shared = (await camille.get('/api/all-info')).json().data.allDocuments;
    expect(JSON.stringify(shared)).toContain('certificat.pdf');
    expect(await counts()).toMatchObject({ requests: before.requests + 1, files: before.files + 1, sharingDetails: before.sharingDetails + 1 });
  });

  it('files a PACS proof for the partner under the spec’s supporting_docs_pacs kind', async () => {
    const res = await postMultipart(camille, '/api/document-sharing', await parts({ familyPosition: '2', documentType: 'pacs' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.typeCode).toBe(10007);
  });

  it.each([
    [{ familyPosition: '', documentType: 'schooling' }, true, 'Veuillez choisir un bénéficiaire'],
    [{ familyPosition: '1', documentType: '' }, true, 'Veuillez choisir le type de document.'],
    [{ familyPosition: '1', documentType: 'schooling' }, true, 'Ce type de document ne concerne pas ce bénéficiaire.'],
    [{ familyPosition: '3', documentType: 'schooling' }, false, 'Veuillez télécharger le/les fichier(s) nécessaire(s)'],
  ])('answers 400 in French and stores nothing for %j', async (fields, withFile, message) => {
    const before = await counts();
    const res = await postMultipart(camille, '/api/document-sharing', await parts(fields, withFile));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(await counts()).toEqual(before);
  });

  it('refuses another family’s position', async () => {
    const res = await postMultipart(julien, '/api/document-sharing', await parts({ familyPosition: '2', documentType: 'pacs' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Veuillez choisir un bénéficiaire');
  });
});

describe('POST /api/quotes/check and POST /api/quotes', () => {
  const optical = {
    lines: [
      { item: 'frame', offerClass: 'B', priceCents: 180_00 },
      { item: 'lenses', offerClass: 'B', priceCents: 390_00, complexity: 'simple' },
    ],
  };

  it('checks a quote’s lines against the 100 % Santé rules, in French, storing nothing', async () => {
    const before = await counts();
    const res = await camille.post('/api/quotes/check', { nature: 'optic', ...optical });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.findings.map((f: { rule: string }) => f.rule)).toEqual([
      'optic.class_a_missing',
      'optic.class_b_frame_over_cap',
      'optic.class_b_total_over_cap',
    ]);
    expect(res.json().data.findings[0].source).toContain('100 % Santé optique');
    expect(await counts()).toEqual(before);
    const bad = await camille.post('/api/quotes/check', { nature: 'optic', lines: [{ item: 'frame', offerClass: 'C', priceCents: -1 }] });
    expect(bad.statusCode).toBe(400);
  });

  it('sends the quote either way: a quotation request with the findings kept', async () => {
    const parts: Part[] = [
      { name: 'nature', value: 'optic' },
      { name: 'familyPosition', value: '1' },
      { name: 'quoteDate', value: today },
      { name: 'amount', value: '570,00' },
      { name: 'lines', value: JSON.stringify(optical) },
      { name: 'attachments', ...(await pdf('devis-optique.pdf')) },
    ];
    const res = await postMultipart(camille, '/api/quotes', parts);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ typeCode: 32, findings: [{ rule: 'optic.class_a_missing' }, {}, {}] });
    const request = (await requestOf(camille, res.json().data.requestId))!;
    expect(request).toMatchObject({ type: 'quotation', kind: 'optical_quote', title: 'Devis optique' });
    expect(request.messages[0]!.body).toContain('Vérification 100 % Santé');
    const [detail] = await t.database.db.select().from(quoteDetails).where(eq(quoteDetails.requestId, res.json().data.requestId));
    expect(detail).toMatchObject({ nature: 'optic', amountCents: 570_00, findings: [{ rule: 'optic.class_a_missing' }, {}, {}] });
  });

  it('files a hearing-aid quote under its own kind (audio_quote, 35), not « Autre devis »', async () => {
    const parts: Part[] = [
      { name: 'nature', value: 'audio' },
      { name: 'familyPosition', value: '1' },
      { name: 'quoteDate', value: today },
      { name: 'amount', value: '1 700,00' },
      { name: 'attachments', ...(await pdf('devis-audio.pdf')) },
    ];
    const res = await postMultipart(camille, '/api/quotes', parts);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ typeCode: 35 });
    expect(await requestOf(camille, res.json().data.requestId)).toMatchObject({ type: 'quotation', kind: 'audio_quote' });
  });

  it.each([
    [{ nature: 'hospital', familyPosition: '1', quoteDate: today, amount: '300' }, false, 'Veuillez ajouter un fichier'],
    [{ nature: 'dental', familyPosition: '1', quoteDate: '2999-01-01', amount: '300' }, true, 'La date du devis ne peut pas être dans le futur.'],
    [{ nature: 'optic', familyPosition: '1', quoteDate: today, amount: '300', lines: '{oops' }, true, 'Les lignes du devis n’ont pas pu être lues.'],
    [{ nature: 'other', familyPosition: '7', quoteDate: today, amount: '300' }, true, 'Veuillez choisir un bénéficiaire'],
  ])('answers 400 in French and stores nothing for %j', async (fields, withFile, message) => {
    const before = await counts();
    const parts: Part[] = [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(withFile ? [{ name: 'attachments', ...(await pdf('devis.pdf')) }] : []),
    ];
    const res = await postMultipart(camille, '/api/quotes', parts);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(await counts()).toEqual(before);
  });
});
