import { CARE_SEARCH_LIMIT, ZCareNetworksResponse, ZCareSearchResponse, type TCareSearchResult } from '@mutua/contracts/care-network';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careProviders } from '../src/db/schema';
import { nearestProviders } from '../src/modules/care-network/queries';
import { TERREAUX_OPTICIAN } from '../src/modules/care-network/seed';
import { AuthClient, createTestMember, DEMO_ACCOUNTS, signIn, type AuthClient as Client } from './support/auth';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let camille: Client;
beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
});
afterAll(() => t.close());

const search = async (client: Client, query: string): Promise<TCareSearchResult> => {
  const res = await client.get(`/api/care-network/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZCareSearchResponse.parse(res.json()).data;
};

/** Haversine in km, computed here independently of the SQL. */
function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('GET /api/care-network', () => {
  it('answers the tenant’s networks, which are the insured.healthCareNetworks of the global details', async () => {
    const res = await camille.get('/api/care-network');
    expect(res.statusCode, res.body).toBe(200);
    const networks = ZCareNetworksResponse.parse(res.json()).data;
    expect(networks.map((n) => n.id)).toEqual(['vision', 'sourire', 'audition', 'bien-etre', 'etablissements']);
    expect(networks[0]!.specialties).toEqual(['opticien']);
    const details = (await camille.get('/api/all-info')).json().data;
    expect(details.insured.healthCareNetworks).toEqual(networks);
  });
});

describe('GET /api/care-network/search', () => {
  it('finds the nearest partner optician from a town, nearest first, each at its true distance', async () => {
    const result = await search(camille, 'specialty=opticien&place=Lyon');
    expect(result.commune).toEqual({ inseeCode: '69123', name: 'Lyon', postalCode: '69001' });
    expect(result.providers).toHaveLength(CARE_SEARCH_LIMIT);
    expect(result.providers[0]).toMatchObject({ name: TERREAUX_OPTICIAN.name, town: 'Lyon', network: { id: 'vision', name: 'Réseau Vision Partenaires' } });
    const distances = result.providers.map((p) => p.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(result.providers.every((p) => p.specialty === 'opticien')).toBe(true);

    // Against every optician of the tenant, measured here: the same twenty, in the same order.
    const lyon = { latitude: 45.7676, longitude: 4.8344 };
    const all = await t.database.db.select().from(careProviders).where(eq(careProviders.specialty, 'opticien'));
    const expected = all
      .filter((p) => p.tenantId === 'mutua')
      .map((p) => ({ id: p.id, d: km(lyon, p) }))
      .sort((a, b) => a.d - b.d || a.id.localeCompare(b.id))
      .slice(0, CARE_SEARCH_LIMIT);
    expect(result.providers.map((p) => p.id)).toEqual(expected.map((e) => e.id));
    for (const [i, p] of result.providers.entries()) expect(p.distanceKm).toBeCloseTo(expected[i]!.d, 1);
  });

  it('reads a postal code, a town without accents or capitals, « Saint » written « St », a name’s beginning', async () => {
    expect((await search(camille, 'specialty=dentiste&place=69007')).commune?.postalCode).toBe('69007');
    expect((await search(camille, 'specialty=dentiste&place=saint-etienne')).commune?.name).toBe('Saint-Étienne');
    expect((await search(camille, `specialty=dentiste&place=${encodeURIComponent('St Étienne')}`)).commune?.name).toBe('Saint-Étienne');
    expect((await search(camille, 'specialty=dentiste&place=villeurb')).commune?.name).toBe('Villeurbanne');
    const nimes = await search(camille, 'specialty=audioprothesiste&place=nimes');
    expect(nimes.commune?.name).toBe('Nîmes');
    expect(nimes.providers[0]!.town).toBe('Nîmes');
  });

  it('answers no commune and no provider for a place it does not know', async () => {
    expect(await search(camille, 'specialty=opticien&place=Xyzville')).toEqual({ commune: null, providers: [] });
    expect(await search(camille, 'specialty=opticien&place=99999')).toEqual({ commune: null, providers: [] });
  });

  it('widens the radius until the page is full: from Ajaccio the list reaches the mainland', async () => {
    const result = await search(camille, 'specialty=etablissement&place=Ajaccio');
    expect(result.providers).toHaveLength(CARE_SEARCH_LIMIT);
    expect(result.providers.slice(0, 2).every((p) => p.town === 'Ajaccio')).toBe(true);
    expect(result.providers.at(-1)!.distanceKm).toBeGreaterThan(150);
  });

  it('refuses bad inputs with a French message', async () => {
    const cases: [string, string][] = [
      ['place=Lyon', 'Veuillez choisir une spécialité.'],
      ['specialty=plombier&place=Lyon', 'Veuillez choisir une spécialité.'],
      ['specialty=opticien', 'Saisissez une ville ou un code postal.'],
      ['specialty=opticien&place=L', 'Saisissez une ville ou un code postal.'],
      ['specialty=opticien&place=6900', 'Saisissez une ville ou un code postal à 5 chiffres.'],
      [`specialty=opticien&place=${encodeURIComponent("Lyon'; drop table x")}`, 'Saisissez une ville ou un code postal à 5 chiffres.'],
      [`specialty=opticien&place=${'a'.repeat(61)}`, 'La ville ne peut pas dépasser 60 caractères.'],
    ];
    for (const [query, message] of cases) {
      const res = await camille.get(`/api/care-network/search?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
  });

  it('is for signed-in members of a tenant with Services: signed out 401, Services off 403', async () => {
    const anonymous = await AuthClient.open(t.app);
    expect((await anonymous.get('/api/care-network/search?specialty=opticien&place=Lyon')).statusCode).toBe(401);
    const azurMember = await createTestMember(t, { tenantId: 'azur' });
    const azur = await signIn(t, azurMember.login, { host: 'azur.localhost' });
    expect((await azur.get('/api/care-network/search?specialty=opticien&place=Lyon')).statusCode).toBe(403);
    expect((await azur.get('/api/care-network')).statusCode).toBe(403);
  });

  it('never answers another tenant’s partners', async () => {
    const ids = new Set((await t.database.db.select({ id: careProviders.id }).from(careProviders).where(eq(careProviders.tenantId, 'azur'))).map((r) => r.id));
    expect(ids.size).toBeGreaterThan(0);
    const viaQuery = await nearestProviders(t.database.db, 'mutua', 'opticien', { latitude: 45.7676, longitude: 4.8344 }, 200);
    expect(viaQuery.some((p) => ids.has(p.id))).toBe(false);
  });
});
