import { searchWords } from '@mutua/contracts/healthcare';
import type { Db } from '../../db/client';
import { healthcareActWords, healthcareActs, healthcareDocuments, hospitalizationTypes } from '../../db/schema';

/** Documents of a refund request: the first two are asked every time. */
const DOCUMENTS = [
  { code: 'FACTURE_DETAILLEE', label: 'Facture détaillée et acquittée', isDefault: true },
  { code: 'DECOMPTE_SECURITE_SOCIALE', label: 'Décompte de la Sécurité sociale', isDefault: true },
  { code: 'PRESCRIPTION', label: 'Prescription médicale (ordonnance)', isDefault: false },
  { code: 'DEVIS', label: 'Devis accepté', isDefault: false },
  { code: 'BULLETIN_HOSPITALISATION', label: 'Bulletin de situation (hospitalisation)', isDefault: false },
  { code: 'FACTURE_HOSPITALISATION', label: 'Facture de l’établissement de santé', isDefault: false },
  { code: 'CORRECTION_OPTIQUE', label: 'Prescription de correction optique', isDefault: false },
  { code: 'AUDIOGRAMME', label: 'Audiogramme', isDefault: false },
] as const;
type DocumentCode = (typeof DOCUMENTS)[number]['code'];

type Act = { code: string; label: string; category: string; frequent?: boolean; documents?: DocumentCode[]; synonyms?: string };

/** A French act catalogue, the frequent ones first (synonyms feed the search only). */
const ACTS: Act[] = [
  {
    code: 'CONSULTATION_GENERALISTE',
    label: 'Consultation médecin généraliste',
    category: 'consultation',
    frequent: true,
    synonyms: 'médecin traitant docteur visite',
  },
  {
    code: 'CONSULTATION_SPECIALISTE',
    label: 'Consultation médecin spécialiste',
    category: 'consultation',
    frequent: true,
    synonyms: 'dermatologue cardiologue gynécologue ophtalmologue pédiatre psychiatre',
  },
  { code: 'PHARMACIE', label: 'Pharmacie (médicaments)', category: 'pharmacy', frequent: true, documents: ['PRESCRIPTION'], synonyms: 'médicament ordonnance' },
  {
    code: 'OPTIQUE_LUNETTES',
    label: 'Optique\u00a0: lunettes (monture et verres)',
    category: 'optical',
    frequent: true,
    documents: ['CORRECTION_OPTIQUE'],
    synonyms: 'verres monture opticien',
  },
  { code: 'OPTIQUE_LENTILLES', label: 'Optique\u00a0: lentilles de contact', category: 'optical', documents: ['CORRECTION_OPTIQUE'], synonyms: 'opticien' },
  { code: 'DENTAIRE_SOINS', label: 'Dentaire\u00a0: soins (détartrage, caries)', category: 'dental', frequent: true, synonyms: 'dentiste détartrage carie' },
  {
    code: 'DENTAIRE_PROTHESE',
    label: 'Dentaire\u00a0: prothèse (couronne, bridge)',
    category: 'dental',
    documents: ['DEVIS'],
    synonyms: 'dentiste couronne bridge implant',
  },
  { code: 'ORTHODONTIE', label: 'Orthodontie', category: 'dental', documents: ['DEVIS'], synonyms: 'dentiste appareil dentaire' },
  {
    code: 'HOSPITALISATION',
    label: 'Hospitalisation (frais de séjour)',
    category: 'hospital',
    frequent: true,
    documents: ['BULLETIN_HOSPITALISATION', 'FACTURE_HOSPITALISATION'],
    synonyms: 'hôpital clinique séjour',
  },
  {
    code: 'CHAMBRE_PARTICULIERE',
    label: 'Chambre particulière',
    category: 'hospital',
    documents: ['BULLETIN_HOSPITALISATION', 'FACTURE_HOSPITALISATION'],
    synonyms: 'hôpital clinique',
  },
  {
    code: 'FORFAIT_JOURNALIER',
    label: 'Forfait journalier hospitalier',
    category: 'hospital',
    documents: ['BULLETIN_HOSPITALISATION'],
    synonyms: 'hôpital clinique',
  },
  {
    code: 'RADIOLOGIE',
    label: 'Radiologie (radio, échographie, scanner, IRM)',
    category: 'analysis',
    documents: ['PRESCRIPTION'],
    synonyms: 'imagerie radiographie',
  },
  {
    code: 'ANALYSES_LABORATOIRE',
    label: 'Analyses de laboratoire (prise de sang)',
    category: 'analysis',
    frequent: true,
    documents: ['PRESCRIPTION'],
    synonyms: 'biologie laboratoire sang',
  },
  { code: 'KINESITHERAPIE', label: 'Kinésithérapie', category: 'paramedical', documents: ['PRESCRIPTION'], synonyms: 'kiné rééducation masseur' },
  { code: 'ORTHOPHONIE', label: 'Orthophonie', category: 'paramedical', documents: ['PRESCRIPTION'], synonyms: 'langage rééducation' },
  { code: 'INFIRMIER', label: 'Soins infirmiers', category: 'paramedical', documents: ['PRESCRIPTION'], synonyms: 'infirmière piqûre pansement' },
  {
    code: 'AUDIOPROTHESE',
    label: 'Audioprothèse (appareil auditif)',
    category: 'hearing',
    documents: ['PRESCRIPTION', 'DEVIS', 'AUDIOGRAMME'],
    synonyms: 'audition audioprothésiste',
  },
  { code: 'OSTEOPATHIE', label: 'Ostéopathie', category: 'alternative_medicine', synonyms: 'ostéopathe' },
  { code: 'PSYCHOLOGUE', label: 'Séance de psychologue', category: 'alternative_medicine', synonyms: 'psychothérapie' },
  { code: 'SAGE_FEMME', label: 'Consultation sage-femme', category: 'consultation', synonyms: 'grossesse maternité' },
];

/** Hospitalization types by code, in the order the form lists them. */
const HOSPITALIZATION_TYPES = Object.entries({
  MEDECINE: 'Médecine',
  CHIRURGIE: 'Chirurgie',
  MATERNITE: 'Maternité',
  PSYCHIATRIE: 'Psychiatrie',
  AMBULATOIRE: 'Ambulatoire (hospitalisation de jour)',
  SOINS_DE_SUITE: 'Soins de suite et de réadaptation',
}).map(([code, label]) => ({ code, label }));

/** The same catalogue for both demo tenants. */
export async function seedHealthcare(db: Db): Promise<void> {
  for (const tenantId of ['mutua', 'azur']) {
    await db.insert(healthcareDocuments).values(DOCUMENTS.map((d, position) => ({ tenantId, position, ...d })));
    await db.insert(hospitalizationTypes).values(HOSPITALIZATION_TYPES.map((h, position) => ({ tenantId, position, ...h })));
    const acts = await db
      .insert(healthcareActs)
      .values(
        ACTS.map((a, position) => ({
          tenantId,
          position,
          code: a.code,
          label: a.label,
          category: a.category,
          frequent: a.frequent ?? false,
          documentCodes: a.documents ?? [],
        })),
      )
      .returning({ id: healthcareActs.id, code: healthcareActs.code });
    const words = acts.flatMap(({ id, code }) => {
      const act = ACTS.find((a) => a.code === code)!;
      return [...new Set(searchWords(`${act.label} ${act.synonyms ?? ''}`))].map((word) => ({ tenantId, word, actId: id }));
    });
    await db.insert(healthcareActWords).values(words);
  }
}
