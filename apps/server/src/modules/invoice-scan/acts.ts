import type { Found } from './found';

/*
 * What an invoice's words say about the act, as a code of the refund-request form's catalogue (the
 * codes every tenant's catalogue carries; the route drops a code its tenant lacks). A strong word
 * names the act alone (« kinésithérapie », « monture »); a weak one only leans (« consultation »).
 */
type ActWords = { code: string; strong: RegExp; weak?: RegExp };

const ACT_WORDS: readonly ActWords[] = [
  {
    code: 'CONSULTATION_GENERALISTE',
    strong: /(medecin(e)? generale?|generaliste|medecin traitant|consultation \(?gs?\)?(?![a-z])|\bg \+|\bgs\b|\bcode g\b)/,
    weak: /(consultation|medecin|docteur|\bdr\b)/,
  },
  {
    code: 'CONSULTATION_SPECIALISTE',
    strong:
      /(specialiste|cardiolog|dermatolog|ophtalmolog|gynecolog|pediatr|psychiatr|rhumatolog|gastro-?enterolog|pneumolog|endocrinolog|neurolog|\borl\b|\bcs\b|\bapc\b)/,
  },
  { code: 'PHARMACIE', strong: /(pharmacie|pharmacien|medicaments?|boites?\b|cip ?\d)/, weak: /(ordonnance|delivrance)/ },
  { code: 'OPTIQUE_LUNETTES', strong: /(monture|verres?\b|lunettes|equipement optique)/, weak: /(opticien|optique)/ },
  { code: 'OPTIQUE_LENTILLES', strong: /(lentilles)/, weak: /(opticien|optique)/ },
  {
    code: 'DENTAIRE_SOINS',
    strong: /(detartrage|carie|obturation|soins? dentaires?|composite|devitalisation)/,
    weak: /(dentiste|dentaire|chirurgien-dentiste)/,
  },
  { code: 'DENTAIRE_PROTHESE', strong: /(couronne|bridge|prothese dentaire|inlay|onlay|implant)/, weak: /(dentiste|dentaire)/ },
  { code: 'ORTHODONTIE', strong: /(orthodont|semestre de traitement)/ },
  {
    code: 'HOSPITALISATION',
    strong: /(frais de sejour|hospitalisation|sejour du|groupe homogene|\bghs\b)/,
    weak: /(clinique|hopital|centre hospitalier|finess)/,
  },
  { code: 'CHAMBRE_PARTICULIERE', strong: /(chambre particuliere|chambre individuelle)/ },
  { code: 'FORFAIT_JOURNALIER', strong: /(forfait journalier)/ },
  { code: 'RADIOLOGIE', strong: /(radiolog|radiographie|imagerie|echograph|\birm\b|scanner|mammograph|scintigraph)/ },
  {
    code: 'ANALYSES_LABORATOIRE',
    strong: /(laboratoire|biologie medicale|analyses? (de sang|medicales|biologiques)|prise de sang|bilan sanguin|\bnabm\b|\bb\d{2,3}\b)/,
  },
  { code: 'KINESITHERAPIE', strong: /(kinesitherap|masseur|\bams\b|\bamk\b|reeducation)/ },
  { code: 'ORTHOPHONIE', strong: /(orthophon|\bamo\b ?\d)/ },
  { code: 'INFIRMIER', strong: /(infirmi|soins infirmiers|\bami\b|\bifd\b|pansement|injection)/ },
  { code: 'AUDIOPROTHESE', strong: /(audioprothes|aides? auditives?|appareils? auditifs?|audition)/ },
  { code: 'OSTEOPATHIE', strong: /(osteopath)/ },
  { code: 'PSYCHOLOGUE', strong: /(psychologue|psychotherap)/ },
  { code: 'SAGE_FEMME', strong: /(sage-?femme|maieuticien|\bsf\b)/ },
];

const count = (text: string, pattern: RegExp) => (text.match(new RegExp(pattern.source, 'g')) ?? []).length;

/** The act the folded text (lower case, no accents) speaks of most, or null when nothing names one. */
export function actOfInvoice(folded: string): Found<string> {
  const scored = ACT_WORDS.map((a) => {
    const strong = count(folded, a.strong);
    return { code: a.code, strong, score: 3 * strong + (a.weak ? count(folded, a.weak) : 0) };
  })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best) return null;
  const runnerUp = scored[1]?.score ?? 0;
  const clear = best.score >= 2 * runnerUp;
  const confidence = best.strong > 0 ? (clear ? 0.9 : 0.6) : clear ? 0.55 : 0.35;
  return { value: best.code, confidence };
}
