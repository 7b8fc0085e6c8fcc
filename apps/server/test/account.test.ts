// Long because it covers every account route (beneficiaries, personal information, preferences, certificate) with its bad inputs and access control, on shared signed-in clients.
import { NIR_INVALID_MESSAGE, SECONDARY_EMAIL_MESSAGE, earliestDeclarableBirth } from '@mutua/contracts/account';
import { and, count, desc, eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  auditEvents,
  beneficiaries,
  beneficiaryAdditions,
  beneficiaryDeletions,
  contacts,
  contracts,
  lostCardDeclarations,
  memberAlerts,
  memberPreferences,
  requests,
  sessions,
  storedFiles,
  teletransmissionRequests,
} from '../src/db/schema';
import { parisDate } from '../src/lib/clock';
import { DEMO_ACCOUNTS, createTestMember, signIn, type AuthClient } from './support/auth';
import { fields, type Part, postMultipart, samplePdf, samplePng } from './support/documents-fixtures';
import { setTenantFeature } from './support/ops';
import { createTestApp, type TestApp } from './support/test-app';
import { expectTaggedPdf, readPdfTags } from './support/pdf-tags';
import { insertBeneficiaries } from './support/protected-rows';
import { newbornFields } from './support/member-requests';
import { pdfText } from './support/pdf-text';

let t: TestApp;
let camille: AuthClient;
const today = parisDate(new Date());
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
});
afterAll(() => t.close());

/** A fresh member (main insured only) with a partner and a child added, signed in. */
async function freshFamily() {
  const m = await createTestMember(t);
  await insertBeneficiaries(db(), [
    {
      memberId: m.memberId,
      familyPosition: 2,
      rank: 'PARTNER',
      firstName: 'ALEX',
      surName: m.surName,
      birthDate: '1981-03-03',
      sex: 'M',
      nir: '1810375056111',
      nirKey: '10',
    },
    { memberId: m.memberId, familyPosition: 3, rank: 'CHILD', firstName: 'ZOÉ', surName: m.surName, birthDate: '2015-05-05', sex: 'F' },
  ]);
  const client = await signIn(t, m.login);
  return { ...m, client };
}

async function requestCount(memberId: string) {
  const [row] = await db().select({ n: count() }).from(requests).where(eq(requests.memberId, memberId));
  return row!.n;
}

describe('GET /api/beneficiaries', () => {
  it('lists the insured family in the spec’s order with teletransmission, masked NIR and the add toggle', async () => {
    const res = await camille.get('/api/beneficiaries');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.beneficiaries.map((b: { firstName: string }) => b.firstName)).toEqual(['CAMILLE', 'THOMAS', 'LÉA', 'NOAH']);
    expect(data.beneficiaries[0].nirMasked).toBe('••••••••••123 47');
    expect(data.beneficiaries[0].teletransmission).toEqual(expect.objectContaining({ state: 'ACTIVE', organisationCode: '751' }));
    expect(data.canAdd).toBe(true);
  });

  it('is refused when the tenant switches BENEFICIARIES off, and the add alone when BENEFICIARIES_ADD is off', async () => {
    const toggle = (featureId: string, enabled: boolean) => setTenantFeature(t, featureId, enabled);
    const f = await freshFamily();
    try {
      expect((await toggle('BENEFICIARIES_ADD', false)).statusCode).toBe(200);
      expect((await f.client.get('/api/beneficiaries')).json().data.canAdd).toBe(false);
      const refused = await postMultipart(f.client, '/api/beneficiaries', [
        ...newbornFields(),
        { name: 'files', filename: 'acte.pdf', content: await samplePdf() },
      ]);
      expect(refused.statusCode).toBe(403);
      expect((await toggle('BENEFICIARIES', false)).statusCode).toBe(200);
      expect((await f.client.get('/api/beneficiaries')).statusCode).toBe(403);
      expect((await f.client.put('/api/beneficiaries/2', { legalName: 'Autre' })).statusCode).toBe(403);
      expect(await requestCount(f.memberId)).toBe(0);
    } finally {
      await toggle('BENEFICIARIES', true);
      await toggle('BENEFICIARIES_ADD', true);
    }
  });
});

describe('POST /api/beneficiaries (add, 10003)', () => {
  it('creates an add-beneficiary request with the birth certificate and the declared details', async () => {
    const f = await freshFamily();
    const res = await postMultipart(f.client, '/api/beneficiaries', [
      ...newbornFields(),
      { name: 'files', filename: 'acte-naissance.pdf', content: await samplePdf('Acte de naissance') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { requestId } = res.json().data;
    const [req] = await db().select().from(requests).where(eq(requests.id, requestId));
    expect(req).toEqual(
      expect.objectContaining({ memberId: f.memberId, typeCode: 10003, title: 'Ajout d’un bénéficiaire\u00a0: Inès Durand', statusKey: 'request_sent' }),
    );
    const [detail] = await db().select().from(beneficiaryAdditions).where(eq(beneficiaryAdditions.requestId, requestId));
    expect(detail).toEqual(expect.objectContaining({ profile: 'BIRTH', firstName: 'Inès', attachedParent: 'MAIN', ownNir: false, nir: null }));
    const files = await db().select({ name: storedFiles.name }).from(storedFiles).where(eq(storedFiles.requestId, requestId));
    expect(files.map((x) => x.name)).toEqual(['acte-naissance.pdf']);
    const list = (await f.client.get('/api/beneficiaries')).json().data;
    expect(list.pendingAdditions).toEqual([expect.objectContaining({ requestId, firstName: 'Inès' })]);
    // The request shows in the global details on the next load.
    const info = (await f.client.get('/api/all-info?actionKey=requests')).json().data;
    expect(info.allRequests.flatMap((g: { requests: { id: string }[] }) => g.requests.map((r) => r.id))).toContain(requestId);
  });

  it('refuses bad input with the spec’s French message and stores nothing', async () => {
    const f = await freshFamily();
    const pdf = { name: 'files', filename: 'justificatif.pdf', content: await samplePdf() };
    const cases: [Part[], string][] = [
      [[...newbornFields({ ownNir: 'true', nir: '2951099126111', nirKey: '99' }), pdf], NIR_INVALID_MESSAGE],
      [[...newbornFields({ firstName: 'In3s' }), pdf], 'Saisissez le nom sans caractères spéciaux (lettres, espaces, tirets et apostrophes).'],
      [[...newbornFields({ sex: '' }), pdf], 'Veuillez sélectionner le sexe.'],
      [
        [...newbornFields({ attachedParent: '' }).filter((p) => p.name !== 'attachedParent'), pdf],
        'Veuillez sélectionner le parent auquel l’enfant est rattaché.',
      ],
      [[...newbornFields({ birthDate: '2020-01-01' }), pdf], 'Une naissance se déclare au plus tard 6 mois après la date de naissance.'],
      [newbornFields(), 'Veuillez télécharger le/les fichier(s) nécessaire(s)'],
      [
        [...newbornFields({ profile: 'STUDENT', birthDate: '2005-01-01', membershipStart: earliestDeclarableBirth(today) }), pdf],
        'La date d’adhésion ne peut pas être antérieure à aujourd’hui : seules une naissance ou une adoption se déclarent avec effet rétroactif.',
      ],
      [
        [...newbornFields({ membershipStart: '2099-01-01' }), pdf],
        expect.stringMatching(/^La date d’adhésion ne peut pas être postérieure au /) as unknown as string,
      ],
    ];
    for (const [parts, message] of cases) {
      const res = await postMultipart(f.client, '/api/beneficiaries', parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toEqual(message);
    }
    expect(await requestCount(f.memberId)).toBe(0);
  });

  it('accepts a Corsican NIR (2A/2B) for a partner, and a birth exactly 6 months back', async () => {
    const f = await freshFamily();
    const pdf = () => ({ name: 'files', filename: 'attestation.png', content: samplePng() });
    const partner = await postMultipart(f.client, '/api/beneficiaries', [
      ...newbornFields({ type: 'PARTNER', profile: 'PACS', firstName: 'Ange', sex: 'M', birthDate: '1953-07-01', nir: '253072B073004', nirKey: '70' }),
      pdf(),
    ]);
    expect(partner.statusCode, partner.body).toBe(201);
    const birth = await postMultipart(f.client, '/api/beneficiaries', [...newbornFields({ birthDate: earliestDeclarableBirth(today) }), pdf()]);
    expect(birth.statusCode, birth.body).toBe(201);
  });
});

describe('PUT /api/beneficiaries/{familyPosition} and POST …/deletion (10004)', () => {
  it('updates the usage name and bank details choice; a deletion request is sent once, the second refused while pending', async () => {
    const f = await freshFamily();
    const put = await f.client.put('/api/beneficiaries/3', { legalName: 'Martin-Durand', useMainBankDetails: false });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.beneficiaries.find((b: { familyPosition: number }) => b.familyPosition === 3)).toEqual(
      expect.objectContaining({ legalName: 'Martin-Durand', useMainBankDetails: false }),
    );

    const doc = { name: 'files', filename: 'jugement.pdf', content: await samplePdf('Jugement de divorce') };
    const first = await postMultipart(f.client, '/api/beneficiaries/2/deletion', [...fields({ reason: 'DIVORCE', endDate: today }), doc]);
    expect(first.statusCode, first.body).toBe(201);
    const [req] = await db().select().from(requests).where(eq(requests.id, first.json().data.requestId));
    expect(req).toEqual(
      expect.objectContaining({
        typeCode: 10004,
        title: 'Suppression d’un bénéficiaire\u00a0: Alex ' + f.surName.charAt(0) + f.surName.slice(1).toLowerCase(),
      }),
    );
    const second = await postMultipart(f.client, '/api/beneficiaries/2/deletion', [...fields({ reason: 'DIVORCE', endDate: today }), doc]);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Une demande de suppression est déjà en cours pour ce bénéficiaire.');
    const deletions = await db().select().from(beneficiaryDeletions).where(eq(beneficiaryDeletions.memberId, f.memberId));
    expect(deletions).toHaveLength(1);
    const listed = (await f.client.get('/api/beneficiaries')).json().data.beneficiaries.find((b: { familyPosition: number }) => b.familyPosition === 2);
    expect(listed.pendingDeletion).toEqual(expect.objectContaining({ reason: 'DIVORCE', endDate: today }));

    // Once the insurer has processed it, a new deletion request may be sent.
    await db().update(requests).set({ statusKey: 'done' }).where(eq(requests.id, first.json().data.requestId));
    expect((await postMultipart(f.client, '/api/beneficiaries/2/deletion', [...fields({ reason: 'DIVORCE', endDate: today }), doc])).statusCode).toBe(201);

    // Without a reason, without documents, for the main insured: refused, nothing stored.
    const before = await requestCount(f.memberId);
    const noReason = await postMultipart(f.client, '/api/beneficiaries/3/deletion', [...fields({ endDate: today }), doc]);
    expect(noReason.json().error.message).toBe('Veuillez choisir un motif de suppression.');
    expect((await postMultipart(f.client, '/api/beneficiaries/3/deletion', fields({ reason: 'DIVORCE', endDate: today }))).json().error.code).toBe(
      'DOCUMENTS_REQUIRED',
    );
    expect((await postMultipart(f.client, '/api/beneficiaries/1/deletion', [...fields({ reason: 'DEATH', endDate: today }), doc])).json().error.code).toBe(
      'BENEFICIARY_NOT_DELETABLE',
    );
    expect(await requestCount(f.memberId)).toBe(before);
  });

  it('answers 404 for a position that is not in the member’s family (another member’s included)', async () => {
    const f = await freshFamily();
    expect((await f.client.put('/api/beneficiaries/4', { legalName: 'X' })).statusCode).toBe(404);
    expect((await postMultipart(f.client, '/api/beneficiaries/9/deletion', fields({ reason: 'DEATH', endDate: today }))).statusCode).toBe(404);
    // Camille's family has a position 4; this member's does not, and camille's row is untouched.
    const [noah] = await db().select({ legalName: beneficiaries.legalName }).from(beneficiaries).where(eq(beneficiaries.firstName, 'NOAH'));
    expect(noah!.legalName).toBeNull();
    expect((await f.client.get('/api/beneficiaries/4/documents')).statusCode).toBe(404);
  });

  it('GET …/documents lists the files about that person and their refund statements, each downloadable; bad position refused', async () => {
    const f = await freshFamily();
    await postMultipart(f.client, '/api/beneficiaries/2/deletion', [
      ...fields({ reason: 'DIVORCE', endDate: today }),
      { name: 'files', filename: 'jugement.pdf', content: await samplePdf('Jugement') },
    ]);
    const partner = await f.client.get('/api/beneficiaries/2/documents');
    expect(partner.statusCode, partner.body).toBe(200);
    expect(partner.json().data.files).toEqual([
      expect.objectContaining({ name: 'jugement.pdf', origin: 'member', requestTitle: expect.stringMatching(/^Suppression d’un bénéficiaire/) }),
    ]);
    const file = await f.client.get(`/api/documents/${partner.json().data.files[0].id}/file`);
    expect(file.statusCode).toBe(200);
    expect((await f.client.get('/api/beneficiaries/3/documents')).json().data).toEqual({ files: [], statements: [] });
    // Another member's file is not downloadable by this one.
    expect((await camille.get(`/api/documents/${partner.json().data.files[0].id}/file`)).statusCode).toBe(404);
    // The demo family's main insured has refund statements, newest first, at most 12.
    const main = (await camille.get('/api/beneficiaries/1/documents')).json().data;
    expect(main.statements.length).toBeGreaterThan(0);
    expect(main.statements.length).toBeLessThanOrEqual(12);
    expect(main.statements[0].fileName).toMatch(/^Decompte_\d{4}-\d{2}-\d{2}_/);
    expect((await camille.get(`/api/refunds/${main.statements[0].refundId}/statement`)).statusCode).toBe(200);
    expect((await f.client.get('/api/beneficiaries/abc/documents')).statusCode).toBe(400);
  });
});

describe('personal information', () => {
  it('GET answers the profile, contacts, address, login and the certificate availability', async () => {
    const res = await camille.get('/api/personal-info');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      expect.objectContaining({
        membershipNumber: DEMO_ACCOUNTS.camille.membershipNumber,
        firstName: 'CAMILLE',
        email: 'camille.durand@example.com',
        loginType: 'EMAIL',
        certificateAvailable: true,
      }),
    );
  });

  it('PUT saves the address with La Poste’s commune name, says when the postal code changed, and refuses bad input', async () => {
    const f = await freshFamily();
    const address = {
      line1: '3 place de la Mairie',
      line2: 'Bâtiment B',
      line3: '',
      zipCode: '01400',
      city: 'chatillon sur chalaronne',
      country: 'France',
      foreignResidence: false,
    };
    const res = await f.client.put('/api/personal-info', { secondaryEmail: 'autre@example.net', phoneNumber: '01 23 45 67 89', address });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(expect.objectContaining({ zipCodeChanged: true, secondaryEmail: 'autre@example.net', phoneNumber: '0123456789' }));
    expect(res.json().data.address).toEqual(expect.objectContaining({ city: 'Châtillon-sur-Chalaronne', zipCode: '01400', line2: 'Bâtiment B', line3: null }));
    const again = await f.client.put('/api/personal-info', { secondaryEmail: null, phoneNumber: null, address });
    expect(again.json().data.zipCodeChanged).toBe(false);

    const [before] = await db().select().from(addresses).where(eq(addresses.memberId, f.memberId));
    // Each refusal names its field, so that the form shows the message under it.
    const bad: [unknown, string, string][] = [
      [{ secondaryEmail: f.emails[0]!.toUpperCase(), phoneNumber: null, address }, 'secondaryEmail', SECONDARY_EMAIL_MESSAGE],
      [
        { secondaryEmail: null, phoneNumber: null, address: { ...address, city: 'Lyon' } },
        'address.city',
        'Choisissez une commune correspondant au code postal.',
      ],
      [{ secondaryEmail: null, phoneNumber: null, address: { ...address, zipCode: '1400' } }, 'address.zipCode', 'Le code postal compte 5 chiffres.'],
      [{ secondaryEmail: 'pas-une-adresse', phoneNumber: null, address }, 'secondaryEmail', 'Adresse e-mail invalide.'],
      [{ secondaryEmail: null, phoneNumber: 'abc', address: { ...address, line1: ' ' } }, 'phoneNumber', 'Numéro de téléphone invalide.'],
    ];
    for (const [body, field, message] of bad) {
      const r = await f.client.put('/api/personal-info', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toBe(message);
      expect(r.json().fields, r.body).toEqual(expect.objectContaining({ [field]: message }));
    }
    // Every field refused at once is named (the schema's checks), each with its own message.
    const both = await f.client.put('/api/personal-info', { secondaryEmail: null, phoneNumber: 'abc', address: { ...address, line1: ' ' } });
    expect(both.json().fields).toEqual({ phoneNumber: 'Numéro de téléphone invalide.', 'address.line1': 'Adresse requise.' });
    const [after] = await db().select().from(addresses).where(eq(addresses.memberId, f.memberId));
    expect(after).toEqual(before);
    const [contact] = await db().select().from(contacts).where(eq(contacts.memberId, f.memberId));
    expect(contact!.secondaryEmail).toBeNull();

    // Abroad: the postal code is free text and the country kept.
    const abroad = await f.client.put('/api/personal-info', {
      secondaryEmail: null,
      phoneNumber: null,
      address: { ...address, zipCode: 'SW1A 1AA', city: 'London', country: 'Royaume-Uni', foreignResidence: true },
    });
    expect(abroad.statusCode, abroad.body).toBe(200);
    expect(abroad.json().data.address).toEqual(expect.objectContaining({ country: 'Royaume-Uni', foreignResidence: true, city: 'London' }));
  });

  it('GET /api/postal-codes/{code} lists the communes of a code; a malformed code is refused', async () => {
    const res = await camille.get('/api/postal-codes/01400');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { name: string }) => c.name)).toContain('Châtillon-sur-Chalaronne');
    expect(res.json().data.length).toBeGreaterThan(5);
    expect((await camille.get('/api/postal-codes/75011')).json().data[0].name).toBe('Paris 11e Arrondissement');
    expect((await camille.get('/api/postal-codes/99999')).json().data).toEqual([]);
    const bad = await camille.get('/api/postal-codes/7501');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Le code postal compte 5 chiffres.');
  });

  it('the old password is checked on a password change', async () => {
    const f = await freshFamily();
    const res = await f.client.put('/api/auth/password', { currentPassword: 'Pas-le-bon-1234', newPassword: 'Nouveau-Mot-2026' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('L’ancien mot de passe est erroné.');
  });
});

const readingOrder = (pdf: Buffer) => pdfText(pdf, { layout: false });

describe('GET /api/membership-certificate', () => {
  it('answers a real PDF named Certificat… with the family, and refuses members whose contracts have ended', async () => {
    const res = await camille.get('/api/membership-certificate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Certificat_adhesion_${DEMO_ACCOUNTS.camille.membershipNumber}.pdf`);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Certificat d’adhésion');
    // Camille is a woman, Thomas a man, Léa a girl: every word agrees with the person's sex.
    const text = readingOrder(res.rawPayload);
    expect(text).toMatch(/Camille Durand, adhérente n°\s\d+,/);
    expect(text).toContain('est affiliée au contrat');
    expect(text).toMatch(/Camille Durand \(Assurée principale\), née le 12\/04\/1986, couverte depuis/);
    expect(text).toMatch(/Thomas Durand \(Conjoint\), né le 30\/09\/1984, couvert depuis/);
    expect(text).toMatch(/Léa Durand \(Enfant\), née le 18\/02\/2014, couverte depuis/);
    expect(text).not.toMatch(/adhérent n°|est affilié au/);
    const tags = readPdfTags(res.rawPayload);
    expectTaggedPdf(tags, 'Certificat d’adhésion', 'Mutua Santé');
    // One list item per insured person named in the text.
    expect(tags.roles.filter((r) => r === 'LI')).toHaveLength(text.match(/, née? le /g)!.length);

    const f = await freshFamily();
    await db().update(contracts).set({ outgoingDate: '2025-12-31' }).where(eq(contracts.memberId, f.memberId));
    const ended = await f.client.get('/api/membership-certificate');
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.message).toBe('Votre contrat est terminé\u00a0: le certificat d’adhésion n’est plus disponible.');
    expect((await f.client.get('/api/personal-info')).json().data.certificateAvailable).toBe(false);
  });
});

describe('preferences and teletransmission', () => {
  it('searches funds by name or code, obsolete ones flagged; refuses a query too short', async () => {
    const byName = (await camille.get('/api/organisation-codes?q=rhone')).json().data;
    expect(byName.map((f: { label: string }) => f.label)).toEqual(expect.arrayContaining(['CPAM du Rhône', 'CPAM des Bouches-du-Rhône']));
    const byCode = (await camille.get('/api/organisation-codes?q=0175')).json().data;
    expect(byCode.map((f: { code: string }) => f.code).sort()).toEqual(['017500000', '017510000']);
    const byCity = (await camille.get('/api/organisation-codes?q=Lyon')).json().data;
    expect(byCity.map((f: { label: string }) => f.label)).toEqual(['CPAM du Rhône', 'MSA Ain-Rhône']);
    const byCityAndName = (await camille.get(`/api/organisation-codes?q=${encodeURIComponent('cpam Villeneuve-d’Ascq')}`)).json().data;
    expect(byCityAndName.map((f: { label: string }) => f.label)).toEqual(['CPAM de Lille-Douai']);
    const obsolete = (await camille.get('/api/organisation-codes?q=rsi')).json().data[0];
    expect(obsolete).toEqual(expect.objectContaining({ obsolete: true, replacedBy: '017510000' }));
    const short = await camille.get('/api/organisation-codes?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Saisissez au moins 2 caractères pour rechercher un organisme.');
  });

  it('moves a person INACTIVE → REQUESTED with a request (10000), refuses a second one, funds without teletransmission and unknown codes', async () => {
    const f = await freshFamily();
    await db().update(beneficiaries).set({ teletransmission: 'INACTIVE', organisationCode: null }).where(eq(beneficiaries.memberId, f.memberId));
    const prefs = (await f.client.get('/api/preferences')).json().data;
    expect(prefs).toEqual(expect.objectContaining({ magazineChannel: 'EMAIL', magazineFormat: 'STANDARD', statementChannel: 'ONLINE', cardFormat: 'DIGITAL' }));
    expect(prefs.teletransmission.map((x: { state: string }) => x.state)).toEqual(['INACTIVE', 'INACTIVE', 'INACTIVE']);

    const refusals: [unknown, string][] = [
      [
        { familyPosition: 2, action: 'REQUEST', organisationCode: '1234', otherMutual: false },
        'Le code organisme compte 9 chiffres (les 3 derniers sont facultatifs).',
      ],
      [
        { familyPosition: 2, action: 'REQUEST', organisationCode: '999999', otherMutual: false },
        'Code organisme inconnu. Vérifiez-le sur votre attestation de droits.',
      ],
      [
        { familyPosition: 2, action: 'REQUEST', organisationCode: '017500000', otherMutual: false },
        'Cet organisme ne propose pas la télétransmission\u00a0: envoyez-nous vos décomptes de la Sécurité sociale.',
      ],
    ];
    for (const [teletransmission, message] of refusals) {
      const r = await f.client.put('/api/preferences', { teletransmission, magazineChannel: 'POST' });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toBe(message);
    }
    expect(await requestCount(f.memberId)).toBe(0);
    expect(await db().select().from(memberPreferences).where(eq(memberPreferences.memberId, f.memberId))).toEqual([]);

    // The last 3 digits are optional; an obsolete code goes to its primary fund.
    const ok = await f.client.put('/api/preferences', {
      teletransmission: { familyPosition: 2, action: 'REQUEST', organisationCode: '037510', otherMutual: true },
      magazineChannel: 'POST',
      magazineFormat: 'LARGE_PRINT',
      statementChannel: 'POST',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const data = ok.json().data;
    expect(data.requestIds).toHaveLength(1);
    expect(data).toEqual(expect.objectContaining({ magazineChannel: 'POST', magazineFormat: 'LARGE_PRINT', statementChannel: 'POST' }));
    expect(data.teletransmission.find((x: { familyPosition: number }) => x.familyPosition === 2)).toEqual(
      expect.objectContaining({ state: 'REQUESTED', organisationCode: '017510000', otherMutual: true }),
    );
    const [req] = await db().select().from(requests).where(eq(requests.id, data.requestIds[0]));
    expect(req!.typeCode).toBe(10000);
    const second = await f.client.put('/api/preferences', {
      teletransmission: { familyPosition: 2, action: 'REQUEST', organisationCode: '017510000', otherMutual: false },
    });
    expect(second.statusCode).toBe(409);
    expect(await db().select().from(teletransmissionRequests).where(eq(teletransmissionRequests.memberId, f.memberId))).toHaveLength(1);

    const notWished = await f.client.put('/api/preferences', { teletransmission: { familyPosition: 3, action: 'NOT_WISHED' } });
    expect(notWished.json().data.teletransmission.find((x: { familyPosition: number }) => x.familyPosition === 3).state).toBe('NOT_WISHED');
    expect(notWished.json().data.requestIds).toEqual([]);
  });

  it('a card format change is a request (10001); an unknown channel is refused', async () => {
    const f = await freshFamily();
    const res = await f.client.put('/api/preferences', { cardFormat: 'PAPER' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.cardFormat).toBe('PAPER');
    const [req] = await db().select().from(requests).where(eq(requests.id, res.json().data.requestIds[0]));
    expect(req!.typeCode).toBe(10001);
    expect((await f.client.put('/api/preferences', { cardFormat: 'PAPER' })).json().data.requestIds).toEqual([]);
    expect((await f.client.put('/api/preferences', { magazineChannel: 'PIGEON' })).statusCode).toBe(400);
  });
});

describe('POST /api/preferences/lost-card', () => {
  it('sends a card request (10001) with the declaration, audited; a second one is refused while pending; bad input stores nothing', async () => {
    const f = await freshFamily();
    for (const body of [{ sendPaperCard: true }, { sendPaperCard: true, confirmed: false }, { confirmed: true }, { sendPaperCard: 'oui', confirmed: true }]) {
      const bad = await f.client.post('/api/preferences/lost-card', body);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().error.message).toMatch(
        /^(Veuillez confirmer la déclaration de perte\.|Indiquez si vous souhaitez recevoir une nouvelle carte papier\.)$/,
      );
    }
    expect(await requestCount(f.memberId)).toBe(0);
    const res = await f.client.post('/api/preferences/lost-card', { sendPaperCard: true, confirmed: true });
    expect(res.statusCode, res.body).toBe(201);
    const [req] = await db().select().from(requests).where(eq(requests.id, res.json().data.requestId));
    expect(req).toEqual(expect.objectContaining({ typeCode: 10001, title: 'Carte de tiers payant perdue', memberId: f.memberId }));
    const [declared] = await db().select().from(lostCardDeclarations).where(eq(lostCardDeclarations.requestId, req!.id));
    expect(declared).toEqual(expect.objectContaining({ memberId: f.memberId, sendPaperCard: true }));
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'TP_CARD_LOST_DECLARED'), eq(auditEvents.memberId, f.memberId)));
    expect(audit?.details).toEqual(expect.objectContaining({ requestId: req!.id, sendPaperCard: true }));
    const again = await f.client.post('/api/preferences/lost-card', { sendPaperCard: false, confirmed: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Vous avez déjà déclaré la perte de votre carte : votre demande est en cours de traitement.');
    expect(await requestCount(f.memberId)).toBe(1);
    // Once the insurer has handled it, a new loss can be declared.
    await db().update(requests).set({ statusKey: 'done' }).where(eq(requests.id, req!.id));
    expect((await f.client.post('/api/preferences/lost-card', { sendPaperCard: false, confirmed: true })).statusCode).toBe(201);
  });

  it('refuses a membership start before the contract’s start', async () => {
    const f = await freshFamily();
    await db().update(contracts).set({ incomingDate: today }).where(eq(contracts.memberId, f.memberId));
    const res = await postMultipart(f.client, '/api/beneficiaries', [
      ...newbornFields({ birthDate: earliestDeclarableBirth(today), membershipStart: earliestDeclarableBirth(today) }),
      { name: 'files', filename: 'acte.pdf', content: await samplePdf() },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/^La date d’adhésion ne peut pas être antérieure au début de votre contrat, le /);
    expect(await requestCount(f.memberId)).toBe(0);
  });
});

describe('GET /api/my-data', () => {
  it('holds the member’s notifications', async () => {
    const f = await freshFamily();
    await db()
      .insert(memberAlerts)
      .values({ tenantId: 'mutua', memberId: f.memberId, level: 'info', title: 'Votre attestation est prête', message: 'Téléchargez-la dans vos documents.' });
    const entries = unzipSync(new Uint8Array((await f.client.get('/api/my-data')).rawPayload));
    expect(JSON.parse(strFromU8(entries['notifications.json']!))).toEqual([
      expect.objectContaining({ title: 'Votre attestation est prête', message: 'Téléchargez-la dans vos documents.' }),
    ]);
  });

  it('answers a ZIP with the profile, family, preferences, requests, refunds CSV and the documents sent; audited', async () => {
    const res = await camille.get('/api/my-data');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`Mes_donnees_${DEMO_ACCOUNTS.camille.membershipNumber}_${today}.zip`);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(entries);
    expect(names).toEqual(
      expect.arrayContaining(['LISEZMOI.txt', 'profil.json', 'beneficiaires.json', 'contrats.json', 'preferences.json', 'demandes.json', 'remboursements.csv']),
    );
    const profile = JSON.parse(strFromU8(entries['profil.json']!));
    expect(profile).toEqual(expect.objectContaining({ membershipNumber: DEMO_ACCOUNTS.camille.membershipNumber, email: 'camille.durand@example.com' }));
    expect(profile).not.toHaveProperty('passwordHash');
    expect(JSON.parse(strFromU8(entries['beneficiaires.json']!))).toHaveLength(4);
    // UTF-8 with a byte-order mark, so that a spreadsheet reads the accents.
    expect([...entries['remboursements.csv']!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = strFromU8(entries['remboursements.csv']!)
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(csv[0]).toMatch(/^Référence;Bénéficiaire;Date des soins/);
    expect(csv.length).toBeGreaterThan(3);
    expect(JSON.parse(strFromU8(entries['demandes.json']!)).length).toBeGreaterThan(0);
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.kind, 'MY_DATA_EXPORTED')).orderBy(desc(auditEvents.at)).limit(1);
    expect(audit).toEqual(expect.objectContaining({ kind: 'MY_DATA_EXPORTED' }));
  });

  it('holds only the member’s own data and the documents they sent', async () => {
    const f = await freshFamily();
    await postMultipart(f.client, '/api/beneficiaries', [...newbornFields(), { name: 'files', filename: 'acte.pdf', content: await samplePdf('Acte') }]);
    const entries = unzipSync(new Uint8Array((await f.client.get('/api/my-data')).rawPayload));
    expect(Object.keys(entries).filter((n) => n.startsWith('documents/'))).toEqual(['documents/acte.pdf']);
    const text = Object.values(entries)
      .map((e) => strFromU8(e))
      .join('\n');
    expect(text).not.toContain('CAMILLE');
    expect(text).not.toContain('camille.durand@example.com');
  });
});

describe('read-only staff sessions', () => {
  it('are refused every account write, nothing stored', async () => {
    const f = await freshFamily();
    await db()
      .update(sessions)
      .set({ isBoAuthentication: true })
      .where(and(eq(sessions.memberId, f.memberId)));
    const before = await requestCount(f.memberId);
    expect((await f.client.put('/api/preferences', { magazineChannel: 'POST' })).statusCode).toBe(403);
    expect((await f.client.put('/api/beneficiaries/2', { legalName: 'X' })).statusCode).toBe(403);
    expect((await f.client.post('/api/preferences/lost-card', { sendPaperCard: true, confirmed: true })).statusCode).toBe(403);
    expect((await postMultipart(f.client, '/api/beneficiaries/2/deletion', fields({ reason: 'DEATH', endDate: today }))).statusCode).toBe(403);
    expect((await f.client.get('/api/personal-info')).statusCode).toBe(200);
    expect(await requestCount(f.memberId)).toBe(before);
  });
});
