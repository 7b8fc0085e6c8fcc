import type { CareAct, Heading } from './types';

/*
 * The care acts of the tariff catalogue (metropolitan France): base, Sécurité sociale rate, deduction,
 * 100 % Santé price cap. Dated like the parameters: a new tariff is a new row with a later validFrom.
 * Rows marked TO_CONFIRM hold the best-known value, shown « à confirmer ».
 */

// The regional top-up of Alsace-Moselle replaces the general rate: 90 % for care, 100 % in hospital,
// 80 % on 30 % medicines, nothing on 15 % ones (régime local, CSS D325-6).
function localRate(amoRate: number, hospital: boolean): number {
  if (hospital) return 100;
  if (amoRate === 30) return 80;
  if (amoRate === 15 || amoRate === 100 || amoRate === 0) return amoRate;
  return 90;
}

type Row = Omit<CareAct, 'perUnit' | 'keywords' | 'amoRateAlsaceMoselle' | 'deduction'> & Partial<Pick<CareAct, 'perUnit' | 'keywords' | 'deduction'>>;

function act(row: Row): CareAct {
  const hospital = row.heading === 'HOSPITALISATION';
  return { perUnit: true, keywords: [], deduction: 'NONE', ...row, amoRateAlsaceMoselle: localRate(row.amoRate, hospital) };
}

const CONVENTION_2024 = '2024-12-22';
const PF = 'PARTICIPATION_FORFAITAIRE' as const;
const SOINS: Heading = 'SOINS_COURANTS';
/** A secteur 2 non-OPTAM doctor's consultation base (G, CS): listed as a parameter too. */
export const NON_OPTAM_BASE = 2300;
const NON_OPTAM_NOTE = 'base secteur 2 non OPTAM 23 € à confirmer (ag2rlamondiale.fr)';

function consultation(code: string, label: string, keywords: string[], rows: [validFrom: string, cents: number, status: CareAct['status'], source: string][], extra: Partial<CareAct> = {}): CareAct[] {
  return rows.map(([validFrom, baseCents, status, source]) =>
    act({ code, label, keywords: ['consultation', 'medecin', ...keywords], heading: SOINS, family: 'CONSULTATION', baseCents, amoRate: 70, deduction: PF, doctorFee: true, validFrom, status, source, ...extra }),
  );
}

export const CARE_ACTS: readonly CareAct[] = [
  // Doctors
  ...consultation('G', 'Consultation de médecin généraliste', ['generaliste', 'docteur', 'G'], [
    ['2023-12-21', 2650, 'TO_CONFIRM', 'valeur antérieure, hors fiche de règles'],
    [CONVENTION_2024, 3000, 'VERIFIED', `klesiaprosocial.fr (22/12/2024) ; service-public.fr F17042 ; ${NON_OPTAM_NOTE}`],
  ], { parcours: true, nonOptamBaseCents: NON_OPTAM_BASE }),
  ...consultation('G_ENFANT', 'Consultation de généraliste, enfant de moins de 6 ans', ['generaliste', 'enfant', 'bebe'], [[CONVENTION_2024, 3500, 'VERIFIED', 'klesiaprosocial.fr (22/12/2024)']]),
  ...consultation('TCG', 'Téléconsultation de médecin généraliste', ['teleconsultation', 'video', 'generaliste'], [[CONVENTION_2024, 2500, 'TO_CONFIRM', 'fiche de règles §4 (source à confirmer)']], { parcours: true }),
  ...consultation('CS', 'Consultation de spécialiste (parcours coordonné)', ['specialiste', 'cardiologue', 'dermatologue', 'ophtalmologue', 'orl'], [
    [CONVENTION_2024, 3000, 'TO_CONFIRM', `lesml.org (CS 23 € + MPC 2 € + MCS 5 €) ; ${NON_OPTAM_NOTE}`],
  ], { parcours: true, nonOptamBaseCents: NON_OPTAM_BASE }),
  ...consultation('APC', 'Avis ponctuel de consultant', ['specialiste', 'avis', 'consultant'], [[CONVENTION_2024, 6000, 'VERIFIED', 'europe1.fr (APC 60 €)']], { parcours: true }),
  ...consultation('CNPSY', 'Consultation de psychiatre (parcours coordonné)', ['psychiatre', 'psy'], [
    [CONVENTION_2024, 5500, 'VERIFIED', 'klesiaprosocial.fr (12/2024)'],
    ['2026-01-01', 5700, 'VERIFIED', 'urps-med-aura.fr ; moneyvox.fr 103929 (report au 01/01/2026)'],
  ], { parcours: true }),
  ...consultation('PED_0_2', 'Consultation de pédiatre, enfant de moins de 2 ans', ['pediatre', 'enfant', 'bebe'], [
    [CONVENTION_2024, 3900, 'VERIFIED', 'lecomparateurassurance.com'],
    ['2026-01-01', 4000, 'VERIFIED', 'lecomparateurassurance.com ; urps-med-aura.fr (report au 01/01/2026)'],
  ]),
  ...consultation('PED_2_6', 'Consultation de pédiatre, enfant de 2 à 6 ans', ['pediatre', 'enfant'], [[CONVENTION_2024, 3500, 'VERIFIED', 'lecomparateurassurance.com']]),
  ...consultation('PED_6', 'Consultation de pédiatre, enfant de plus de 6 ans', ['pediatre', 'enfant'], [[CONVENTION_2024, 3100, 'VERIFIED', 'lecomparateurassurance.com']]),
  ...consultation('GYN', 'Consultation de gynécologue', ['gynecologue', 'gyneco'], [
    [CONVENTION_2024, 3700, 'VERIFIED', 'klesiaprosocial.fr (12/2024)'],
    ['2026-01-01', 4000, 'VERIFIED', 'urps-med-aura.fr ; moneyvox.fr 103929 (report au 01/01/2026)'],
  ]),
  // The participation forfaitaire is due on doctors' acts only: a midwife's consultation keeps none.
  act({ code: 'SF', label: 'Consultation de sage-femme', keywords: ['sage-femme', 'sage femme', 'grossesse'], heading: SOINS, family: 'CONSULTATION', baseCents: 2500, amoRate: 70, validFrom: '2023-01-01', status: 'TO_CONFIRM', source: 'rtl.fr (sages-femmes 25 €)' }),
  act({ code: 'RADIOLOGIE', label: 'Radiologie, imagerie (acte technique)', keywords: ['radio', 'echographie', 'scanner', 'irm', 'mammographie'], heading: SOINS, family: 'RADIOLOGIE', baseCents: null, baseIsPrice: true, amoRate: 70, deduction: PF, doctorFee: true, perUnit: false, validFrom: '2023-01-01', status: 'TO_CONFIRM', source: 'CCAM, tarif par acte (fiche de règles §4)' }),
  act({ code: 'BIOLOGIE', label: 'Analyses de biologie médicale', keywords: ['analyse', 'prise de sang', 'laboratoire', 'bilan sanguin'], heading: SOINS, family: 'BIOLOGIE', baseCents: null, baseIsPrice: true, amoRate: 60, deduction: PF, perUnit: false, validFrom: '2023-01-01', status: 'TO_CONFIRM', source: 'NABM, tarif par acte (fiche de règles §4)' }),
  // Auxiliaries
  act({ code: 'KINE', label: 'Séance de kinésithérapie', keywords: ['kine', 'kinesitherapeute', 'reeducation'], heading: SOINS, family: 'AUXILIAIRES', baseCents: 1613, amoRate: 60, deduction: 'FRANCHISE_AUXILIARY', validFrom: '2024-01-01', status: 'TO_CONFIRM', source: 'klesiaprosocial.fr (kinés, AMS 7,5 +3 % 01/2024)' }),
  act({ code: 'AMI1', label: 'Acte infirmier (AMI 1)', keywords: ['infirmier', 'infirmiere', 'piqure', 'pansement'], heading: SOINS, family: 'AUXILIAIRES', baseCents: 315, amoRate: 60, deduction: 'FRANCHISE_AUXILIARY', validFrom: '2023-01-01', status: 'VERIFIED', source: 'healthcare.orisha.com' }),
  // The franchise is due per paramedical act, not on the travel allowance.
  act({ code: 'IFD', label: 'Déplacement d’infirmier (IFD)', keywords: ['infirmier', 'deplacement', 'domicile'], heading: SOINS, family: 'AUXILIAIRES', baseCents: 275, amoRate: 60, validFrom: '2023-01-01', status: 'VERIFIED', source: 'healthcare.orisha.com' }),
  // Pharmacy: the base is the box's price
  act({ code: 'MEDICAMENT_65', label: 'Médicament remboursé à 65 %', keywords: ['medicament', 'pharmacie', 'boite', 'generique'], heading: SOINS, family: 'PHARMACIE_65', baseCents: null, baseIsPrice: true, amoRate: 65, deduction: 'FRANCHISE_BOX', validFrom: '2023-01-01', status: 'TO_CONFIRM', source: 'CSS R160-5 6° (taux exact par décision UNCAM)' }),
  act({ code: 'MEDICAMENT_30', label: 'Médicament remboursé à 30 %', keywords: ['medicament', 'pharmacie', 'boite'], heading: SOINS, family: 'PHARMACIE_30_15', baseCents: null, baseIsPrice: true, amoRate: 30, deduction: 'FRANCHISE_BOX', coPaymentOptional: true, validFrom: '2023-01-01', status: 'TO_CONFIRM', source: 'CSS R160-5 6°, 14°' }),
  act({ code: 'MEDICAMENT_15', label: 'Médicament remboursé à 15 %', keywords: ['medicament', 'pharmacie', 'boite'], heading: SOINS, family: 'PHARMACIE_30_15', baseCents: null, baseIsPrice: true, amoRate: 15, deduction: 'FRANCHISE_BOX', coPaymentOptional: true, validFrom: '2023-01-01', status: 'TO_CONFIRM', source: 'CSS R160-5 6°, 14°' }),
  act({ code: 'MEDICAMENT_100', label: 'Médicament irremplaçable (100 %)', keywords: ['medicament', 'pharmacie', 'boite'], heading: SOINS, family: 'PHARMACIE_65', baseCents: null, baseIsPrice: true, amoRate: 100, deduction: 'FRANCHISE_BOX', validFrom: '2023-01-01', status: 'TO_CONFIRM', source: 'CSS R160-5 6°, 14°' }),
  act({ code: 'VACCIN', label: 'Vaccin', keywords: ['vaccin', 'vaccination', 'pharmacie'], heading: SOINS, family: 'PHARMACIE_65', baseCents: null, baseIsPrice: true, amoRate: 65, deduction: 'FRANCHISE_BOX', validFrom: '2023-01-01', status: 'TO_CONFIRM', source: 'fiche de règles §4' }),
  act({ code: 'TRANSPORT', label: 'Transport sanitaire (ambulance, taxi conventionné)', keywords: ['ambulance', 'taxi', 'vsl', 'transport'], heading: SOINS, family: 'TRANSPORT', baseCents: null, baseIsPrice: true, amoRate: 55, deduction: 'FRANCHISE_TRANSPORT', perUnit: false, validFrom: '2023-01-01', status: 'TO_CONFIRM', source: 'taux 55 % hors fiche de règles : à confirmer ; franchise CSS D160-9' }),
  act({ code: 'OSTEOPATHIE', label: 'Séance d’ostéopathie', keywords: ['osteo', 'osteopathe', 'medecine douce'], heading: SOINS, family: 'MEDECINES_DOUCES', baseCents: null, amoRate: 0, validFrom: '2023-01-01', status: 'VERIFIED', source: 'non remboursé par la Sécurité sociale (fiche de règles §4)' }),
  act({ code: 'CHIROPRAXIE', label: 'Séance de chiropraxie', keywords: ['chiropracteur', 'medecine douce'], heading: SOINS, family: 'MEDECINES_DOUCES', baseCents: null, amoRate: 0, validFrom: '2023-01-01', status: 'VERIFIED', source: 'non remboursé par la Sécurité sociale (fiche de règles §4)' }),
  // Dental
  act({ code: 'DENT_CONSULT', label: 'Consultation de chirurgien-dentiste', keywords: ['dentiste', 'dent', 'consultation'], heading: 'DENTAIRE', family: 'DENTAIRE_SOINS', baseCents: 2300, amoRate: 60, validFrom: '2023-10-15', status: 'TO_CONFIRM', source: 'ameli.fr dentaire (2019) ; taux 60 % depuis le 15/10/2023 (ofracar.fr)' }),
  act({ code: 'DETARTRAGE', label: 'Détartrage', keywords: ['dentiste', 'dent', 'detartrage'], heading: 'DENTAIRE', family: 'DENTAIRE_SOINS', baseCents: 4338, amoRate: 60, validFrom: '2023-10-15', status: 'TO_CONFIRM', source: 'fiche de règles §4 ; taux 60 % (ofracar.fr)' }),
  act({ code: 'COURONNE_CM_MOLAIRE', label: 'Couronne céramo-métallique sur molaire (tarif libre)', shortLabel: 'Couronne', keywords: ['couronne', 'dentiste', 'prothese', 'dent'], heading: 'DENTAIRE', family: 'DENTAIRE_PROTHESE', basket: 'LIBRE', baseCents: 12000, amoRate: 60, perUnit: true, validFrom: '2023-10-15', status: 'VERIFIED', source: 'centredentaireleluc.fr' }),
  act({ code: 'COURONNE_CM_INCISIVE', label: 'Couronne céramo-métallique, incisive à 1re prémolaire (100 % Santé)', shortLabel: 'Couronne', keywords: ['couronne', 'dentiste', 'prothese', 'dent', '100 % sante'], heading: 'DENTAIRE', family: 'DENTAIRE_PROTHESE', basket: 'CENT_POUR_CENT_SANTE', baseCents: 12000, priceCapCents: 50000, amoRate: 60, validFrom: '2023-10-15', status: 'TO_CONFIRM', source: 'centredentaireleluc.fr (base) ; prix limite 500 € à confirmer (+3 % convention 2023 ?)' }),
  act({ code: 'IMPLANT', label: 'Implant dentaire', keywords: ['implant', 'dentiste', 'dent'], heading: 'DENTAIRE', family: 'DENTAIRE_IMPLANT', baseCents: null, amoRate: 0, validFrom: '2023-01-01', status: 'VERIFIED', source: 'non remboursé par la Sécurité sociale (fiche de règles §4)' }),
  act({ code: 'ORTHODONTIE', label: 'Orthodontie avant 16 ans (par semestre)', keywords: ['orthodontie', 'appareil dentaire', 'dentiste', 'enfant'], heading: 'DENTAIRE', family: 'DENTAIRE_ORTHO', baseCents: 19350, amoRate: 100, validFrom: '2023-01-01', status: 'TO_CONFIRM', source: 'centredentaireleluc.fr (base vérifiée) ; taux 100 % à confirmer' }),
  // Optics: class A (100 % Santé) and class B (free prices) equipments, contact lenses
  act({ code: 'OPT_A_MONTURE', label: 'Monture 100 % Santé (classe A)', keywords: ['lunettes', 'monture', 'optique', '100 % sante'], heading: 'OPTIQUE', family: 'OPTIQUE', deviceClass: 'A', basket: 'CENT_POUR_CENT_SANTE', baseCents: 900, priceCapCents: 3000, amoRate: 60, validFrom: '2020-01-01', status: 'TO_CONFIRM', source: 'mutualib.fr (base 9 €, prix limite 30 €)' }),
  act({ code: 'OPT_A_VERRE', label: 'Verre 100 % Santé (classe A), simple', keywords: ['lunettes', 'verre', 'optique', '100 % sante'], heading: 'OPTIQUE', family: 'OPTIQUE', deviceClass: 'A', basket: 'CENT_POUR_CENT_SANTE', baseCents: 1300, priceCapCents: 3250, amoRate: 60, validFrom: '2020-01-01', status: 'TO_CONFIRM', source: 'hors fiche de règles : base et prix limite LPP à confirmer' }),
  act({ code: 'OPT_B_MONTURE', label: 'Monture (classe B, prix libre)', keywords: ['lunettes', 'monture', 'optique'], heading: 'OPTIQUE', family: 'OPTIQUE', deviceClass: 'B', basket: 'LIBRE', baseCents: 5, amoRate: 60, validFrom: '2020-01-01', status: 'TO_CONFIRM', source: 'fiche de règles §4 (0,05 €)' }),
  act({ code: 'OPT_B_VERRE', label: 'Verre (classe B, prix libre)', keywords: ['lunettes', 'verre', 'optique', 'progressif'], heading: 'OPTIQUE', family: 'OPTIQUE', deviceClass: 'B', basket: 'LIBRE', baseCents: 5, amoRate: 60, validFrom: '2020-01-01', status: 'TO_CONFIRM', source: 'fiche de règles §4 (0,05 € par verre)' }),
  act({ code: 'LENTILLES', label: 'Lentilles de contact (indication remboursée, par œil et par an)', keywords: ['lentilles', 'optique'], heading: 'OPTIQUE', family: 'OPTIQUE_LENTILLES', baseCents: 3948, amoRate: 60, validFrom: '2023-01-01', status: 'VERIFIED', source: 'ag2rlamondiale.fr (lentilles)' }),
  act({ code: 'LENTILLES_NR', label: 'Lentilles de contact (non remboursées par la Sécurité sociale)', keywords: ['lentilles', 'optique'], heading: 'OPTIQUE', family: 'OPTIQUE_LENTILLES', baseCents: null, amoRate: 0, validFrom: '2023-01-01', status: 'VERIFIED', source: 'ag2rlamondiale.fr (lentilles : indications listées seulement)' }),
  // Hearing aids, per ear (adults over 20)
  act({ code: 'AUDIO_I', label: 'Aide auditive 100 % Santé (classe I), par oreille', keywords: ['audition', 'appareil auditif', 'aide auditive', 'prothese auditive', '100 % sante'], heading: 'AIDES_AUDITIVES', family: 'AUDIO', deviceClass: 'I', basket: 'CENT_POUR_CENT_SANTE', baseCents: 40000, priceCapCents: 95000, amoRate: 60, validFrom: '2021-01-01', status: 'VERIFIED', source: 'le7.info' }),
  act({ code: 'AUDIO_II', label: 'Aide auditive (classe II, prix libre), par oreille', keywords: ['audition', 'appareil auditif', 'aide auditive', 'prothese auditive'], heading: 'AIDES_AUDITIVES', family: 'AUDIO', deviceClass: 'II', basket: 'LIBRE', baseCents: 40000, amoRate: 60, validFrom: '2021-01-01', status: 'VERIFIED', source: 'le7.info' }),
  // Hospital
  ...[['2018-01-01', 2000], ['2026-03-01', 2300]].map(([validFrom, baseCents]) =>
    act({ code: 'FJH', label: 'Forfait journalier hospitalier (par jour)', keywords: ['hopital', 'hospitalisation', 'forfait journalier', 'clinique'], heading: 'HOSPITALISATION', family: 'HOSPIT_FJH', baseCents: baseCents as number, amoRate: 0, validFrom: validFrom as string, status: 'VERIFIED', source: 'quechoisir.org n174650 (01/03/2026)' }),
  ),
  ...[['2018-01-01', 1500], ['2026-03-01', 1700]].map(([validFrom, baseCents]) =>
    act({ code: 'FJH_PSY', label: 'Forfait journalier en psychiatrie (par jour)', keywords: ['hopital', 'psychiatrie', 'forfait journalier'], heading: 'HOSPITALISATION', family: 'HOSPIT_FJH', baseCents: baseCents as number, amoRate: 0, validFrom: validFrom as string, status: 'VERIFIED', source: 'quechoisir.org n174650 (01/03/2026)' }),
  ),
  ...([['2022-01-01', 1961, 'TO_CONFIRM'], ['2026-03-01', 2300, 'VERIFIED']] as const).map(([validFrom, baseCents, status]) =>
    act({ code: 'FPU', label: 'Forfait patient urgences', keywords: ['urgences', 'hopital'], heading: 'HOSPITALISATION', family: 'HOSPIT_URGENCES', baseCents, amoRate: 0, perUnit: false, validFrom, status, source: status === 'VERIFIED' ? 'quechoisir.org n174650 ; pourquoidocteur.fr 54160' : 'valeur antérieure, hors fiche de règles' }),
  ),
  act({ code: 'SEJOUR', label: 'Frais de séjour à l’hôpital ou en clinique', keywords: ['hopital', 'hospitalisation', 'clinique', 'sejour'], heading: 'HOSPITALISATION', family: 'HOSPIT_SEJOUR', baseCents: null, baseIsPrice: true, amoRate: 80, perUnit: false, validFrom: '2023-01-01', status: 'VERIFIED', source: 'CSS R160-5 1°–2°' }),
  act({ code: 'CATARACTE', label: 'Opération de la cataracte (honoraires du chirurgien)', keywords: ['cataracte', 'chirurgie', 'operation', 'chirurgien', 'hopital', 'ophtalmologue'], heading: 'HOSPITALISATION', family: 'HOSPIT_HONORAIRES', baseCents: 27170, amoRate: 80, doctorFee: true, heavyAct: true, perUnit: false, validFrom: '2023-01-01', status: 'TO_CONFIRM', source: 'CCAM BJGA002 271,70 € hors fiche de règles : à confirmer ; forfait actes lourds CSS R160-16' }),
  act({ code: 'CHAMBRE_PARTICULIERE', label: 'Chambre particulière (par nuit)', keywords: ['chambre', 'hopital', 'clinique', 'hospitalisation'], heading: 'HOSPITALISATION', family: 'HOSPIT_CHAMBRE', baseCents: null, amoRate: 0, validFrom: '2023-01-01', status: 'VERIFIED', source: 'non remboursée par la Sécurité sociale (fiche de règles §4)' }),
];
