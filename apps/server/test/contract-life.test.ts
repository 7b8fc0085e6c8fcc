import { ZContactChannels } from '@mutua/contracts/complaints';
import { ZContractsAnswer, ZTermination } from '@mutua/contracts/termination';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, complaints, contractProducts, requests, requestSteps, terminations } from '../src/db/schema';
import { ACCESS_DENIED_AUDIT_KIND } from '../src/http/deny-access';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { DEMO_ACCOUNTS, createTestMember, signIn, waitForMail, type AuthClient } from './support/auth';
import { hasPdftotext } from './support/database';
import { type Part, postMultipart, samplePdf } from './support/documents-fixtures';
import { dentalOptionTermination } from './support/member-requests';
import { pdfText } from './support/pdf-text';

const { camille, julien, lea } = DEMO_ACCOUNTS;
let t: ClockedTestApp;
let asCamille: AuthClient;
let asJulien: AuthClient;
let asLea: AuthClient;

// Monday 23 November 2026, 11:00 in Paris.
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual', start: new Date('2026-11-23T10:00:00Z') });
  [asCamille, asJulien, asLea] = await Promise.all([
    signIn(t, camille.loginEmail),
    signIn(t, julien.loginEmail),
    signIn(t, lea.loginEmail, { host: 'azur.localhost' }),
  ]);
}, 60_000);
afterAll(() => t?.close());

const n = async (table: typeof terminations | typeof complaints | typeof requests) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;
async function latestDenial() {
  const [row] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, ACCESS_DENIED_AUDIT_KIND)).orderBy(desc(auditEvents.at)).limit(1);
  return row;
}

const form = dentalOptionTermination;

describe('GET /api/contracts', () => {
  it('answers the individual contract with its persons, paid options, guarantees and next due date', async () => {
    const res = await asCamille.get('/api/contracts');
    expect(res.statusCode).toBe(200);
    const data = ZContractsAnswer.parse(res.json().data);
    expect(data.membershipNumber).toBe(camille.membershipNumber);
    expect(data.contracts).toHaveLength(1);
    const [c] = data.contracts;
    expect(c).toMatchObject({ insurerContract: 'MUTUA-IND-2024', kind: 'INDIVIDUAL', status: 'ACTIVE', nextDueDate: '2027-01-01', terminationBlock: null });
    expect(c!.persons.map((p) => p.firstName)).toEqual(['CAMILLE', 'THOMAS', 'LÉA', 'NOAH']);
    expect(c!.options.map((o) => [o.code, o.kind, o.monthlyCents])).toEqual([
      ['OPT-DENT', 'INDIVIDUAL_OPTION', 990],
      ['OPT-OPTI', 'INDIVIDUAL_OPTION', 650],
    ]);
    // The table of the product Camille holds (Confort), under the five headings, then the engine's examples in euros.
    const categories = [...new Set(c!.guarantees!.map((g) => g.category))];
    expect(categories).toEqual(['Hospitalisation', 'Dentaire', 'Optique', 'Aides auditives', 'Soins courants', 'Exemples de remboursement']);
    expect(c!.guarantees).toContainEqual({
      category: 'Soins courants',
      label: 'Médecines douces (ostéopathie, chiropraxie)',
      value: '30,00\u00a0€ par séance, 3 séances par an',
    });
    expect(c!.guarantees!.find((g) => g.label.startsWith('Consultation de médecin généraliste'))?.value).toBe(
      'Sécurité sociale 19,00\u00a0€, Confort 9,00\u00a0€, reste à charge 2,00\u00a0€',
    );
  });

  it('answers a collective contract (guarantees from HR, no online termination) and an ended one', async () => {
    const data = ZContractsAnswer.parse((await asJulien.get('/api/contracts')).json().data);
    expect(data.contracts.map((c) => [c.insurerContract, c.status, c.terminationBlock, c.guarantees === null])).toEqual([
      ['MUTUA-COL-2024', 'ACTIVE', 'COLLECTIVE', true],
      ['MUTUA-IND-2019', 'FINISHED', 'FINISHED', false],
    ]);
    expect(data.contracts[0]!.options[0]).toMatchObject({ kind: 'COLLECTIVE_OPTION' });
    expect(data.contracts[1]).toMatchObject({ endDate: '2023-12-31', nextDueDate: null });
  });
});

describe('termination in three clicks', () => {
  it('refuses bad forms with a French message and stores nothing', async () => {
    const before = await n(terminations);
    const cases: [object, string][] = [
      [{ ...form, email: 'pas-une-adresse' }, 'Veuillez saisir une adresse e-mail valide'],
      [{ ...form, optionCodes: [] }, 'Veuillez choisir au moins une option'],
      [{ ...form, reason: 'OTHER' }, 'Veuillez préciser le motif'],
      [{ ...form, reason: 'MOVE' }, 'Veuillez indiquer la date de l’événement'],
      [{ ...form, familyPositions: [] }, 'Veuillez choisir au moins une personne'],
      [{ ...form, kind: 'AT_SOME_POINT' }, 'Veuillez choisir ce que vous souhaitez résilier'],
    ];
    for (const [body, message] of cases) {
      const res = await asCamille.post('/api/terminations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const foreign = await asCamille.post('/api/terminations', { ...form, optionCodes: ['OPT-COL-SUR'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe('TERMINATION_INVALID_SELECTION');
    const person = await asCamille.post('/api/terminations', { ...form, familyPositions: [9] });
    expect(person.json().error.code).toBe('TERMINATION_INVALID_SELECTION');
    const notMine = await asCamille.post('/api/terminations', { ...form, insurerContract: 'AZUR-IND-2024' });
    expect(notMine.statusCode).toBe(404);
    expect(await n(terminations)).toBe(before);
  });

  it('gives each reason its effective date: a member of two years ends next month, not at the due date 2 months away', async () => {
    const c = ZContractsAnswer.parse((await asCamille.get('/api/contracts')).json().data).contracts.find((x) => x.insurerContract === 'MUTUA-IND-2024')!;
    const byReason = Object.fromEntries(c.terminationDates.map((d) => [d.reason, d]));
    expect(byReason.DUE_DATE).toEqual({ reason: 'DUE_DATE', effectiveDate: '2028-01-01', basis: 'DUE_DATE' });
    expect(byReason.AFTER_ONE_YEAR).toEqual({ reason: 'AFTER_ONE_YEAR', effectiveDate: '2026-12-23', basis: 'ONE_MONTH_AFTER_ONE_YEAR' });
    expect(byReason.MOVE!.effectiveDate).toBe('2026-12-23');
    // The draft applies the date shown beside the reason.
    const draft = await asCamille.post('/api/terminations', { ...form, reason: 'AFTER_ONE_YEAR' });
    expect(draft.json().data.effectiveDate).toBe(byReason.AFTER_ONE_YEAR!.effectiveDate);
    // A contract that cannot be terminated online lists no dates.
    const collective = ZContractsAnswer.parse((await asJulien.get('/api/contracts')).json().data).contracts.find(
      (x) => x.insurerContract === 'MUTUA-COL-2024',
    )!;
    expect(collective.terminationDates).toEqual([]);
  });

  it('sends a collective-contract holder to HR, and an ended contract cannot be terminated', async () => {
    const collective = await asJulien.post('/api/terminations', {
      ...form,
      surName: 'Martin',
      firstName: 'Julien',
      insurerContract: 'MUTUA-COL-2024',
      kind: 'INDIVIDUAL_CONTRACT',
      familyPositions: [1],
    });
    expect(collective.statusCode).toBe(409);
    expect(collective.json().error).toMatchObject({ code: 'TERMINATION_NOT_ALLOWED' });
    expect(collective.json().error.message).toContain('ressources humaines');
    const ended = await asJulien.post('/api/terminations', { ...form, insurerContract: 'MUTUA-IND-2019', kind: 'INDIVIDUAL_CONTRACT', familyPositions: [1] });
    expect(ended.json().error.message).toBe('Ce contrat est terminé.');
  });

  it('says why when the product’s online termination is disabled', async () => {
    const m = await createTestMember(t, { tenantId: 'azur' });
    // The test member's product is P-1; disable it for this tenant.
    await t.database.db.insert(contractProducts).values({
      tenantId: 'azur',
      productNumber: 'P-1',
      terminationDisabledReason: 'Contrat viager\u00a0: résiliation par courrier auprès de votre conseiller.',
    });
    const client = await signIn(t, m.login, { host: 'azur.localhost' });
    const c = ZContractsAnswer.parse((await client.get('/api/contracts')).json().data).contracts[0]!;
    expect(c).toMatchObject({
      terminationBlock: 'CANCELLATION_DISABLED',
      terminationBlockDetail: 'Contrat viager\u00a0: résiliation par courrier auprès de votre conseiller.',
    });
    const res = await client.post('/api/terminations', { ...form, insurerContract: 'T-1', kind: 'INDIVIDUAL_CONTRACT', familyPositions: [1] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Ce type de contrat ne peut pas être résilié en ligne. Contrat viager\u00a0: résiliation par courrier auprès de votre conseiller.',
    );
  });

  it('drafts, summarises, confirms once, acknowledges by e-mail and PDF, and lists the request (10030)', async () => {
    const drafted = await asCamille.post('/api/terminations', form);
    expect(drafted.statusCode, drafted.body).toBe(201);
    const draft = ZTermination.parse(drafted.json().data);
    expect(draft).toMatchObject({
      status: 'DRAFT',
      effectiveDate: '2026-12-23',
      lastCoveredDate: '2026-12-22',
      basis: 'ONE_MONTH_AFTER_ONE_YEAR',
      receivedAt: null,
      requestId: null,
    });
    expect(draft.options).toEqual([{ code: 'OPT-DENT', label: 'Renfort dentaire' }]);
    expect(draft.persons.map((p) => p.firstName)).toEqual(['CAMILLE', 'THOMAS']);
    expect((await asCamille.get(`/api/terminations/${draft.id}`)).json().data).toEqual(draft);

    const early = await asCamille.get(`/api/terminations/${draft.id}/acknowledgement.pdf`);
    expect(early.statusCode).toBe(409);
    // Someone else cannot read or confirm it: 404 and an audit row.
    expect((await asJulien.post(`/api/terminations/${draft.id}/confirm`)).statusCode).toBe(404);
    expect(await latestDenial()).toMatchObject({ details: expect.objectContaining({ resource: 'termination', id: draft.id, ownedByAnotherMember: true }) });
    expect((await asLea.get(`/api/terminations/${draft.id}/acknowledgement.pdf`)).statusCode).toBe(404);

    t.clock.advance(5 * 60_000);
    const requestsBefore = await n(requests);
    const confirmed = await asCamille.post(`/api/terminations/${draft.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const done = ZTermination.parse(confirmed.json().data);
    expect(done).toMatchObject({ status: 'CONFIRMED', receivedAt: '2026-11-23T10:05:00.000Z', effectiveDate: '2026-12-23' });
    // Confirming again answers the same termination and creates nothing.
    const again = await asCamille.post(`/api/terminations/${draft.id}/confirm`);
    expect(again.json().data).toEqual(confirmed.json().data);
    expect(await n(requests)).toBe(requestsBefore + 1);

    const [request] = await t.database.db.select().from(requests).where(eq(requests.id, done.requestId!));
    expect(request).toMatchObject({ typeCode: 10030, statusKey: 'request_sent' });
    const [step] = await t.database.db.select().from(requestSteps).where(eq(requestSteps.requestId, done.requestId!));
    expect(step!.labelCaption).toBe('Reçue le 23 novembre 2026 à 11 h 05. Date d’effet\u00a0: 23 décembre 2026.');
    const listed = (await asCamille.get('/api/all-info?actionKey=requests')).json().data.allRequests.flatMap((g: { requests: { id: string }[] }) => g.requests);
    expect(listed.map((r: { id: string }) => r.id)).toContain(done.requestId);

    const mail = await waitForMail(t, { to: 'camille.durand@example.com', kind: 'TERMINATION_ACKNOWLEDGEMENT' });
    expect(mail.subject).toBe('Accusé de réception de votre demande de résiliation');
    expect(mail.text).toContain('le 23 novembre 2026 à 11 h 05');
    expect(mail.text).toContain('Date d’effet de la résiliation\u00a0: 23 décembre 2026');
    expect(mail.text).toContain('remboursées dans un délai de 30 jours');

    const ack = await asCamille.get(`/api/terminations/${draft.id}/acknowledgement.pdf`);
    expect(ack.statusCode).toBe(200);
    expect(ack.headers['content-type']).toBe('application/pdf');
    expect(ack.headers['content-disposition']).toContain('Accuse_reception_resiliation_2026-11-23.pdf');
    if (hasPdftotext) {
      const text = pdfText(ack.rawPayload);
      for (const expected of [
        'Demande reçue le 23 novembre 2026 à 11 h 05',
        'Date d’effet de la résiliation\u00a0: 23 décembre 2026',
        'Dernier jour couvert\u00a0: 22 décembre 2026',
        'Renfort dentaire',
        'Effets de la résiliation',
      ])
        expect(text.replace(/\s+/g, ' ')).toContain(expected.replace(/\s+/g, ' '));
    }
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'TERMINATION_CONFIRMED'));
    expect(audit.at(-1)).toMatchObject({ details: { terminationId: draft.id, kind: 'PAID_OPTIONS', effectiveDate: '2026-12-23' } });
  });

  it('terminates the individual contract at the due date (10031) and then reports it as pending', async () => {
    const drafted = await asCamille.post('/api/terminations', {
      ...form,
      kind: 'INDIVIDUAL_CONTRACT',
      optionCodes: [],
      reason: 'DUE_DATE',
      familyPositions: [1, 2, 3, 4],
    });
    // Asked on 23 November: less than 2 months before 1 January 2027, so the next due date is 2028.
    expect(drafted.json().data).toMatchObject({ effectiveDate: '2028-01-01', lastCoveredDate: '2027-12-31', basis: 'DUE_DATE', options: [] });
    const done = (await asCamille.post(`/api/terminations/${drafted.json().data.id}/confirm`)).json().data;
    const [request] = await t.database.db.select().from(requests).where(eq(requests.id, done.requestId));
    expect(request!.typeCode).toBe(10031);
    const c = ZContractsAnswer.parse((await asCamille.get('/api/contracts')).json().data).contracts[0]!;
    expect(c.terminationBlock).toBe('PENDING');
  });
});

describe('complaints', () => {
  const parts = (over: Partial<Record<'subject' | 'theme' | 'comment', string>> = {}): Part[] =>
    Object.entries({ subject: 'Remboursement incomplet', theme: 'refunds', comment: 'Mon remboursement d’octobre est incomplet.', ...over }).map(
      ([name, value]) => ({ name, value }),
    );

  it('refuses bad fields with French messages and stores nothing', async () => {
    const before = [await n(complaints), await n(requests)];
    const empty = await postMultipart(asCamille, '/api/complaints', parts({ subject: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain("Le champ 'Objet' ne peut pas être vide");
    const theme = await postMultipart(asCamille, '/api/complaints', parts({ theme: 'weather' }));
    expect(theme.json().error.message).toContain('Veuillez choisir un thème');
    const special = await postMultipart(asCamille, '/api/complaints', parts({ comment: 'bonjour <script>' }));
    expect(special.statusCode).toBe(400);
    expect([await n(complaints), await n(requests)]).toEqual(before);
  });

  it('files a complaint with a file, gives its deadlines in jours ouvrables, a dated copy, and a request 10028', async () => {
    const res = await postMultipart(asCamille, '/api/complaints', [
      ...parts(),
      { name: 'attachments', filename: 'decompte.pdf', content: await samplePdf(), contentType: 'application/pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().data;
    // Monday 23 November + 10 jours ouvrables (Saturday counted, Sunday not) = Friday 4 December; + 2 months = 23 January.
    expect(sent).toMatchObject({ acknowledgeBy: '2026-12-04', answerBy: '2027-01-23' });
    const [request] = await t.database.db.select().from(requests).where(eq(requests.id, sent.requestId));
    expect(request).toMatchObject({ typeCode: 10028, title: 'Réclamation\u00a0: Remboursement incomplet' });
    const [step] = await t.database.db.select().from(requestSteps).where(eq(requestSteps.requestId, sent.requestId));
    expect(step!.labelCaption).toBe('Accusé de réception au plus tard le 4 décembre 2026\u00a0; réponse au plus tard le 23 janvier 2027.');

    const copy = await asCamille.get(`/api/complaints/${sent.id}/copy.pdf`);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-disposition']).toContain('Reclamation_2026-11-23.pdf');
    if (hasPdftotext) {
      const text = pdfText(copy.rawPayload).replace(/\s+/g, ' ');
      for (const expected of [
        'Réclamation reçue le 23 novembre 2026 à 11 h',
        'Remboursement incomplet',
        'Médiateur de la Mutualité Française',
        'https://www.mediateur-mutualite.fr',
        '4 décembre 2026',
      ])
        expect(text).toContain(expected.replace(/\s+/g, ' '));
    }
    expect((await asLea.get(`/api/complaints/${sent.id}/copy.pdf`)).statusCode).toBe(404);
    expect((await asJulien.get(`/api/complaints/${sent.id}/copy.pdf`)).statusCode).toBe(404);
    expect(await latestDenial()).toMatchObject({ details: expect.objectContaining({ resource: 'complaint', id: sent.id }) });
  });

  it('files one complaint when the same form is sent twice (Idempotency-Key)', async () => {
    const key = { 'idempotency-key': crypto.randomUUID() };
    const before = await n(complaints);
    const first = await postMultipart(asCamille, '/api/complaints', parts({ theme: 'tp_card' }), key);
    const second = await postMultipart(asCamille, '/api/complaints', parts({ theme: 'tp_card' }), key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data).toEqual(first.json().data);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await n(complaints)).toBe(before + 1);
  });
});

describe('contact-us', () => {
  it('gives the phone line with the tenant’s hours, the post address, the themes and the mediator', async () => {
    const data = ZContactChannels.parse((await asCamille.get('/api/contact-messages/channels')).json().data);
    expect(data.callHours).toBe('Du lundi au vendredi de 8\u00a0h\u00a030 à 18\u00a0h');
    expect(data.postAddress).toContain('75014 Paris');
    expect(data.themes.map((th) => th.code)).toContain('refunds_other');
    const azur = ZContactChannels.parse((await asLea.get('/api/contact-messages/channels')).json().data);
    expect(azur.callHours).toBe('Du lundi au vendredi de 9\u00a0h à 17\u00a0h\u00a030');
    const details = (await asCamille.get('/api/all-info')).json().data;
    expect(details.companySpecificities).toEqual([
      expect.objectContaining({ specificitiesType: 'CALL_HOURS', value: 'Du lundi au vendredi de 8\u00a0h\u00a030 à 18\u00a0h' }),
    ]);
  });

  it('sends a message by theme as a request for information (not a complaint)', async () => {
    const bad = await postMultipart(asCamille, '/api/contact-messages', [
      { name: 'theme', value: 'nope' },
      { name: 'subject', value: 'Question' },
      { name: 'message', value: 'Bonjour' },
    ]);
    expect(bad.statusCode).toBe(400);
    const complaintsBefore = await n(complaints);
    const res = await postMultipart(asCamille, '/api/contact-messages', [
      { name: 'theme', value: 'refunds_other' },
      { name: 'subject', value: 'Question sur un remboursement' },
      { name: 'message', value: 'Bonjour, quand serai-je remboursée\u00a0?' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [request] = await t.database.db.select().from(requests).where(eq(requests.id, res.json().data.requestId));
    expect(request!.typeCode).toBe(10013);
    expect(await n(complaints)).toBe(complaintsBefore);
  });
});
