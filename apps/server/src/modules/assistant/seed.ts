import type { Db } from '../../db/client';
import { assistantSynonyms } from '../../db/schema';
import { fold } from './search';

/**
 * The demo synonym list: the familiar words, abbreviations and common misspellings members type, and
 * the words of the FAQ and screens they mean. The back office edits it per tenant.
 */
export const DEMO_SYNONYMS: Record<string, string[]> = {
  'combien de temps': ['délai'],
  'securite sociale': ['assurance maladie'],
  rajouter: ['ajouter'],
  lunette: ['lunettes', 'optique'],
  lunete: ['lunettes', 'optique'],
  lunettes: ['optique'],
  binocle: ['lunettes'],
  verres: ['lunettes'],
  monture: ['lunettes'],
  lentille: ['lentilles'],
  remboursment: ['remboursement'],
  rembourssement: ['remboursement'],
  remboursemnt: ['remboursement'],
  rembour: ['remboursement'],
  rembourse: ['remboursement'],
  mutuel: ['mutuelle', 'bénéficiaire'],
  fils: ['enfant', 'bénéficiaire'],
  fille: ['enfant', 'bénéficiaire'],
  gamin: ['enfant'],
  bebe: ['bébé', 'enfant', 'naissance', 'bénéficiaire'],
  naissance: ['bénéficiaire'],
  femme: ['conjoint', 'bénéficiaire'],
  mari: ['conjoint', 'bénéficiaire'],
  rib: ['coordonnées bancaires', 'iban'],
  banque: ['coordonnées bancaires'],
  'tiers payant': ['tiers payant', 'carte'],
  tp: ['tiers payant'],
  'carte mutuelle': ['carte tiers payant'],
  dentiste: ['dentaire', 'devis'],
  dents: ['dentaire'],
  dent: ['dentaire'],
  appareil: ['orthodontie'],
  bagues: ['orthodontie'],
  hopital: ['hospitalisation'],
  hosto: ['hospitalisation'],
  clinique: ['hospitalisation'],
  operation: ['hospitalisation'],
  ordo: ['ordonnance'],
  mdp: ['mot de passe'],
  motdepasse: ['mot de passe'],
  login: ['identifiant'],
  resilier: ['résiliation'],
  quitter: ['résilier'],
  paye: ['versement', 'payé'],
  payer: ['versement'],
  virement: ['versement'],
  sous: ['versement'],
  thune: ['versement'],
  demenage: ['adresse'],
  demenagement: ['adresse'],
  plainte: ['réclamation'],
  cotis: ['cotisation'],
  prix: ['cotisation'],
  augmentation: ['augmenté'],
  sourd: ['relais', 'accessibilité'],
  malentendant: ['relais', 'accessibilité'],
};

/** The demo list of both tenants. */
export async function seedAssistantSynonyms(db: Db): Promise<void> {
  for (const tenantId of ['mutua', 'azur']) {
    await db
      .insert(assistantSynonyms)
      .values(Object.entries(DEMO_SYNONYMS).map(([term, synonyms]) => ({ tenantId, term: fold(term), synonyms: synonyms.map(fold) })));
  }
}
