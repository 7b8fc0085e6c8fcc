import {
  CARE_SEARCH_LIMIT,
  communeSearchKey,
  POSTAL_CODE_PATTERN,
  type CareSpecialty,
  type TCareNetwork,
  type TCareProvider,
  type TCareSearchResult,
} from '@mutua/contracts/care-network';
import { and, asc, between, desc, eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { careNetworks, careProviders, communes } from '../../db/schema';

/** The tenant's care networks, in the tenant's order (insured.healthCareNetworks, GET /api/care-network). */
export async function listCareNetworks(db: Db, tenantId: string): Promise<TCareNetwork[]> {
  const rows = await db
    .select({
      id: careNetworks.id,
      name: careNetworks.name,
      description: careNetworks.description,
      url: careNetworks.url,
      specialties: careNetworks.specialties,
    })
    .from(careNetworks)
    .where(eq(careNetworks.tenantId, tenantId))
    .orderBy(asc(careNetworks.position), asc(careNetworks.id));
  return rows.map((r) => ({ ...r, specialties: r.specialties as CareSpecialty[] }));
}

type Commune = { inseeCode: string; name: string; postalCode: string; latitude: number; longitude: number };

/**
 * The commune of a postal code or a town name: an exact name before a name starting so, then the most
 * populated (« Saint-Denis »), then the lowest postal code (« Paris » → 75001). Null when none.
 */
export async function findCommune(db: Db, place: string): Promise<Commune | null> {
  const columns = {
    inseeCode: communes.inseeCode,
    name: communes.name,
    postalCode: communes.postalCode,
    latitude: communes.latitude,
    longitude: communes.longitude,
  };
  if (POSTAL_CODE_PATTERN.test(place)) {
    const [row] = await db
      .select(columns)
      .from(communes)
      .where(eq(communes.postalCode, place))
      .orderBy(desc(communes.population), asc(communes.inseeCode))
      .limit(1);
    return row ?? null;
  }
  const key = communeSearchKey(place);
  if (key.length < 2) return null;
  const escaped = key.replace(/[\\%_]/g, (c) => `\\${c}`);
  const [row] = await db
    .select(columns)
    .from(communes)
    .where(or(eq(communes.searchKey, key), like(communes.searchKey, `${escaped}%`)))
    .orderBy(sql`${communes.searchKey} = ${key} desc`, desc(communes.population), asc(communes.postalCode))
    .limit(1);
  return row ?? null;
}

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = 111.2;
/** Radii tried in turn (km); the last search has no bound. */
export const SEARCH_RADII_KM = [10, 40, 150, 600] as const;

/** Great-circle distance (haversine) from a point, in km, as SQL over the provider's coordinates. */
function distanceKm(lat: number, lon: number) {
  return sql<number>`(2 * ${EARTH_RADIUS_KM} * asin(sqrt(
    power(sin(radians(${careProviders.latitude} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${careProviders.latitude})) * power(sin(radians(${careProviders.longitude} - ${lon}::float8) / 2), 2)
  )))`;
}

/**
 * The nearest providers of a specialty in the tenant's networks, from a point. Within a radius R the
 * index reads the bounding box (latitude band, then longitude), keeps what is within R and orders by
 * distance: when that gives a full page, no provider outside can be nearer; otherwise the next radius.
 */
export async function nearestProviders(
  db: Db,
  tenantId: string,
  specialty: CareSpecialty,
  from: { latitude: number; longitude: number },
  limit = CARE_SEARCH_LIMIT,
): Promise<TCareProvider[]> {
  const distance = distanceKm(from.latitude, from.longitude);
  const query = (radius: number | null) => {
    const box =
      radius === null
        ? undefined
        : (() => {
            const dLat = radius / KM_PER_DEGREE;
            const dLon = radius / (KM_PER_DEGREE * Math.max(0.01, Math.cos((from.latitude * Math.PI) / 180)));
            return and(
              between(careProviders.latitude, from.latitude - dLat, from.latitude + dLat),
              between(careProviders.longitude, from.longitude - dLon, from.longitude + dLon),
              sql`${distance} <= ${radius}`,
            );
          })();
    return db
      .select({
        id: careProviders.id,
        name: careProviders.name,
        specialty: careProviders.specialty,
        networkId: careProviders.networkId,
        networkName: careNetworks.name,
        address: careProviders.address,
        postalCode: careProviders.postalCode,
        town: careProviders.town,
        phone: careProviders.phone,
        distance,
      })
      .from(careProviders)
      .innerJoin(careNetworks, and(eq(careNetworks.tenantId, careProviders.tenantId), eq(careNetworks.id, careProviders.networkId)))
      .where(and(eq(careProviders.tenantId, tenantId), eq(careProviders.specialty, specialty), box))
      .orderBy(asc(distance), asc(careProviders.id))
      .limit(limit);
  };
  let rows: Awaited<ReturnType<typeof query>> = [];
  for (const radius of [...SEARCH_RADII_KM, null]) {
    rows = await query(radius);
    if (rows.length >= limit) break;
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    specialty: r.specialty as CareSpecialty,
    network: { id: r.networkId, name: r.networkName },
    address: r.address,
    postalCode: r.postalCode,
    town: r.town,
    phone: r.phone,
    distanceKm: Math.round(Number(r.distance) * 10) / 10,
  }));
}

/** GET /api/care-network/search: the commune of `place`, then its nearest providers (none when no commune). */
export async function searchCareNetwork(db: Db, tenantId: string, specialty: CareSpecialty, place: string): Promise<TCareSearchResult> {
  const commune = await findCommune(db, place);
  if (!commune) return { commune: null, providers: [] };
  const providers = await nearestProviders(db, tenantId, specialty, commune);
  return { commune: { inseeCode: commune.inseeCode, name: commune.name, postalCode: commune.postalCode }, providers };
}
