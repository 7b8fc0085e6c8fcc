import { parisIsoDate } from '@mutua/contracts/dates';
import { isoDatePlusDays, type TEstablishment } from '@mutua/contracts/hospital-care';
import { ZSubmissionResult } from '@mutua/contracts/refund-requests';
import { ZRequestsInfo, type TRequest } from '@mutua/contracts/requests';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitalCareDetails, requests } from '../src/db/schema';
import { AuthClient } from './support/auth';
import type { TestApp, TestClient } from './support/test-app';
import { openSignedIn } from './support/signed-in';

let t: TestApp;
let camille: AuthClient;
let julien: AuthClient;

beforeAll(async () => void ([t, camille, julien] = await openSignedIn('camille', 'julien')));
afterAll(() => t.close());

const today = parisIsoDate();

async function counts() {
  const [r] = await t.database.db.select({ n: count() }).from(requests);
  const [d] = await t.database.db.select({ n: count() }).from(hospitalCareDetails);
  return { requests: r!.n, details: d!.n };
}

async function requestOf(client: TestClient, id: string): Promise<TRequest | undefined> {
  const res = await client.get('/api/all-info?actionKey=requests');
  return ZRequestsInfo.parse(res.json().data)
    .allRequests.flatMap((g) => g.requests)
    .find((r) => r.id === id);
}

const search = async (q: string): Promise<TEstablishment[]> => {
  const res = await camille.get(`/api/establishments?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TEstablishment[];
};

describe('GET /api/establishments', () => {
  it('finds real public establishments by name without accents, by word prefixes, by FINESS prefix; too short finds nothing', async () => {
    expect((await search('pitie salpe')).map((e) => e.finess)).toEqual(['750100125']);
    expect((await search('Pitié-Salpêtrière')).map((e) => e.finess)).toEqual(['750100125']);
    expect((await search('7507121')).map((e) => e.name)).toEqual(['Assistance Publique – Hôpitaux de Paris (AP-HP)']);
    expect((await search('hospices lyon'))[0]).toMatchObject({ finess: '690781810', city: 'LYON' });
    expect((await search('ap hm')).map((e) => e.finess)).toContain('130786049');
    expect(await search('p')).toEqual([]);
    expect(await search('zzzz introuvable')).toEqual([]);
    // Characters of a tsquery's syntax are words separators here, never an error.
    // eslint-disable-next-line mutua/french-spacing -- full-text operators typed as such
    expect(await search("':* & | ! (")).toEqual([]);
  });

  it('is for signed-in members only', async () => {
    const anonymous = await AuthClient.open(t.app);
    const res = await anonymous.get('/api/establishments?q=pitie');
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/hospital-care-requests', () => {
  const valid = async () => ({
    familyPosition: 1,
    admissionDate: isoDatePlusDays(today, 15),
    releaseDate: isoDatePlusDays(today, 18),
    dmt: '181',
    hospitalizationType: 'CHIRURGIE',
    establishmentId: (await search('pitie salpetriere'))[0]!.id,
    act: 'Pose de prothèse de hanche',
    comment: 'Chambre particulière souhaitée',
    durationDays: 3,
  });

  it('creates a hospital_care request received by our teams, with its details, once for the same Idempotency-Key', async () => {
    const before = await counts();
    const headers = { 'idempotency-key': 'hospital-care-test-0001' };
    const body = await valid();
    const res = await camille.post('/api/hospital-care-requests', body, { headers });
    expect(res.statusCode, res.body).toBe(201);
    const sent = ZSubmissionResult.parse(res.json().data);
    expect(sent.typeCode).toBe(10019);
    const again = await camille.post('/api/hospital-care-requests', body, { headers });
    expect(again.json().data.requestId).toBe(sent.requestId);
    const request = (await requestOf(camille, sent.requestId))!;
    expect(request).toMatchObject({ type: 'message', beneficiary: { familyPosition: 1 } });
    expect(request.statusList.map((s) => s.label)).toEqual(['Reçu par nos équipes']);
    const text = request.messages[0]!.body;
    expect(text).toContain('Établissement\u00a0: Hôpital universitaire Pitié-Salpêtrière (AP-HP) (FINESS 750100125)');
    expect(text).toContain('Type d’hospitalisation\u00a0: Chirurgie');
    expect(text).toContain('Code DMT\u00a0: 181');
    expect(text).toContain(`Date d’admission\u00a0: ${body.admissionDate.split('-').reverse().join('/')}`);
    const [detail] = await t.database.db.select().from(hospitalCareDetails).where(eq(hospitalCareDetails.requestId, sent.requestId));
    expect(detail).toMatchObject({
      establishmentFiness: '750100125',
      hospitalizationType: 'CHIRURGIE',
      dmt: '181',
      durationDays: 3,
      act: 'Pose de prothèse de hanche',
    });
    expect(await counts()).toEqual({ requests: before.requests + 1, details: before.details + 1 });
  });

  it('accepts an establishment typed by hand (FINESS Luhn-checked, Adeli) and the « Autre » and ambulatory types', async () => {
    const base = await valid();
    const res = await camille.post('/api/hospital-care-requests', {
      ...base,
      establishmentId: '',
      manualEstablishment: { name: 'Clinique du Parc', finess: '750100208', adeli: '751234567' },
      hospitalizationType: 'AUTRE',
      releaseDate: '',
      dmt: '',
      durationDays: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [detail] = await t.database.db.select().from(hospitalCareDetails).where(eq(hospitalCareDetails.requestId, res.json().data.requestId));
    expect(detail).toMatchObject({
      establishmentId: null,
      establishmentName: 'Clinique du Parc',
      establishmentAdeli: '751234567',
      releaseDate: null,
      dmt: null,
      durationDays: null,
    });
    const ambulatory = await camille.post('/api/hospital-care-requests', { ...base, hospitalizationType: 'AMBULATOIRE' });
    expect(ambulatory.statusCode).toBe(201);
  });

  it('refuses bad input with the French message and stores nothing', async () => {
    const base = await valid();
    const cases: [Record<string, unknown>, string][] = [
      [{ admissionDate: isoDatePlusDays(today, 16) }, 'Faites votre demande dans les 15\u00a0jours qui précèdent votre admission, pas plus tôt.'],
      [{ admissionDate: 'demain' }, 'Veuillez saisir la date d’admission.'],
      [{ releaseDate: isoDatePlusDays(today, 14) }, 'La date de sortie ne peut pas précéder la date d’admission.'],
      [{ dmt: '18' }, 'Le code DMT compte 3 chiffres.'],
      [{ act: '  ' }, "Le champ 'Nature de l’acte' ne peut pas être vide"],
      [{ hospitalizationType: 'INCONNU' }, 'Veuillez choisir le type d’hospitalisation.'],
      [{ establishmentId: '' }, 'Veuillez choisir un établissement ou le saisir vous-même.'],
      [{ establishmentId: '00000000-0000-4000-8000-000000000000' }, 'Veuillez choisir un établissement ou le saisir vous-même.'],
      [
        { establishmentId: '', manualEstablishment: { name: 'Clinique', finess: '750100126', adeli: '' } },
        'Le numéro FINESS n’est pas valide (9 caractères, clé de contrôle).',
      ],
      [{ establishmentId: '', manualEstablishment: { name: 'Clinique', finess: '750100125', adeli: '12' } }, 'Le numéro Adeli compte 9 chiffres.'],
      [{ durationDays: 400 }, 'La durée est un nombre de jours entre 0 et 365.'],
      [{ familyPosition: 0 }, 'Veuillez choisir la personne hospitalisée'],
    ];
    const before = await counts();
    for (const [change, message] of cases) {
      const res = await camille.post('/api/hospital-care-requests', { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.message, JSON.stringify(change)).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('only knows the member’s own family: another member’s family position is refused, nothing stored', async () => {
    const before = await counts();
    const res = await julien.post('/api/hospital-care-requests', { ...(await valid()), familyPosition: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Veuillez choisir la personne hospitalisée');
    expect(await counts()).toEqual(before);
  });
});
