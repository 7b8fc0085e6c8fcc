import type { CareSpecialty } from '@mutua/contracts/care-network';
import type { Db } from '../../db/client';
import { careNetworks, careProviders, communes } from '../../db/schema';

type NetworkSeed = { id: string; name: string; description: string; url: string | null; specialties: CareSpecialty[] };

const NETWORKS: Record<string, NetworkSeed[]> = {
  mutua: [
    {
      id: 'vision',
      name: 'Réseau Vision Partenaires',
      description: 'Des opticiens partenaires qui pratiquent des tarifs négociés et le tiers payant sur vos lunettes et lentilles.',
      url: null,
      specialties: ['opticien'],
    },
    {
      id: 'sourire',
      name: 'Réseau Sourire',
      description: 'Des chirurgiens-dentistes partenaires\u00a0: devis analysés et prothèses à tarifs maîtrisés.',
      url: null,
      specialties: ['dentiste'],
    },
    {
      id: 'audition',
      name: 'Réseau Audition Confort',
      description: 'Des audioprothésistes partenaires\u00a0: essai gratuit, garantie de 4 ans et tiers payant.',
      url: null,
      specialties: ['audioprothesiste'],
    },
    {
      id: 'bien-etre',
      name: 'Réseau Bien-être',
      description: 'Des ostéopathes et kinésithérapeutes partenaires, diplômés et référencés.',
      url: null,
      specialties: ['osteopathe', 'kinesitherapeute'],
    },
    {
      id: 'etablissements',
      name: 'Établissements conventionnés',
      description: 'Des cliniques et hôpitaux où la prise en charge hospitalière est directe.',
      url: null,
      specialties: ['etablissement'],
    },
  ],
  azur: [
    { id: 'azur-optique', name: 'Azur Optique', description: 'Les opticiens partenaires d’Azur Prévoyance.', url: null, specialties: ['opticien'] },
    {
      id: 'azur-dentaire',
      name: 'Azur Dentaire',
      description: 'Les chirurgiens-dentistes partenaires d’Azur Prévoyance.',
      url: null,
      specialties: ['dentiste'],
    },
  ],
};

const NAMES: Record<CareSpecialty, string[]> = {
  opticien: ['Optique du Centre', 'Atelier des Lunettes', 'Optique de la Gare', 'Vision Plus', 'Les Opticiens du Marché'],
  dentiste: ['Cabinet dentaire du Parc', 'Centre dentaire Pasteur', 'Cabinet du Dr Martin', 'Cabinet dentaire des Halles'],
  audioprothesiste: ['Audition Conseil', 'Centre auditif de la Place', 'Écoute et Audition'],
  osteopathe: ['Cabinet d’ostéopathie Leroy', 'Ostéopathie du Centre', 'Cabinet Durand, ostéopathe'],
  kinesitherapeute: ['Cabinet de kinésithérapie Voltaire', 'Kiné Santé', 'Centre de rééducation des Lilas'],
  etablissement: ['Clinique du Parc', 'Clinique Saint-Joseph', 'Centre hospitalier privé des Alpes'],
};
const STREETS = [
  'rue de la République',
  'avenue Jean-Jaurès',
  'rue Victor-Hugo',
  'boulevard Gambetta',
  'place de la Mairie',
  'rue Pasteur',
  'avenue de la Gare',
];

/** The nearest optician of Lyon 1er (the e2e finds it first from « Lyon »): place des Terreaux. */
export const TERREAUX_OPTICIAN = {
  name: 'Optique des Terreaux',
  address: '2 place des Terreaux',
  postalCode: '69001',
  town: 'Lyon',
  latitude: 45.7672,
  longitude: 4.8338,
};

/** A small deterministic generator (same demo data on every run). */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Demo directory: for each commune of the reference table and each specialty of a network, two
 * partners 1.5 to 6 km from the commune's centre; and the Terreaux optician in Lyon.
 */
export async function seedCareNetwork(db: Db): Promise<void> {
  const places = await db.select().from(communes);
  for (const [tenantId, networks] of Object.entries(NETWORKS)) {
    await db.insert(careNetworks).values(networks.map((n, position) => ({ tenantId, position, ...n })));
    const random = generator(tenantId.length * 7919);
    const rows: (typeof careProviders.$inferInsert)[] = [];
    for (const place of places) {
      for (const network of networks) {
        for (const specialty of network.specialties) {
          for (let i = 0; i < 2; i++) {
            const km = 1.5 + random() * 4.5;
            const angle = random() * 2 * Math.PI;
            const names = NAMES[specialty];
            rows.push({
              tenantId,
              networkId: network.id,
              specialty,
              name: names[Math.floor(random() * names.length)]!,
              address: `${1 + Math.floor(random() * 120)} ${STREETS[Math.floor(random() * STREETS.length)]!}`,
              postalCode: place.postalCode,
              town: place.name,
              phone: `0${1 + Math.floor(random() * 5)} ${String(Math.floor(random() * 1e8))
                .padStart(8, '0')
                .replace(/(\d\d)(?=\d)/g, '$1 ')}`,
              latitude: place.latitude + (km * Math.sin(angle)) / 111.2,
              longitude: place.longitude + (km * Math.cos(angle)) / (111.2 * Math.cos((place.latitude * Math.PI) / 180)),
            });
          }
        }
      }
    }
    const optician = networks.find((n) => n.specialties.includes('opticien'))!;
    rows.push({ tenantId, networkId: optician.id, specialty: 'opticien', phone: '04 78 00 12 34', ...TERREAUX_OPTICIAN });
    for (let i = 0; i < rows.length; i += 500) await db.insert(careProviders).values(rows.slice(i, i + 500));
  }
}
