/** The account area's wire schemas and rules, one per endpoint: long because it is a table of the area's contracts, one idea. */
import { z } from 'zod';
import { dataEnvelope } from './api';
import { ZEmail, ZIsoDate, ZLoginType } from './auth';
import { frenchDateWords } from './french-format';
import { labelledList } from './labelled-list';
import { ZAddress, ZContact, ZZipCode } from './personal-info';
import { TELETRANSMISSION_STATES } from './teletransmission-rules';

/*
 * The member's account area: beneficiaries (add, update, delete), personal information,
 * postal codes, preferences with teletransmission, organisation codes, the membership certificate.
 * The NIR with 2A/2B, the code organisme.
 */

// ── NIR: 13 characters (2A/2B for Corsica) and a 2-digit key, 97 − (number mod 97) ──

/** The spec's wording, with straight quotes as the spec writes it: « 'Numéro de Sécurité sociale' invalide ». */
export const NIR_INVALID_MESSAGE = "'Numéro de Sécurité sociale' invalide";

/** 13 characters: sex (1–4, 7, 8), year, month, department (digits, 2A or 2B), commune, order. */
const NIR_PATTERN = /^[1-478][0-9]{4}(?:[0-9]{2}|2A|2B)[0-9]{6}$/;

/** The 2-digit key of a 13-character NIR: 97 − (n mod 97), Corsica 2A → 19, 2B → 18 first. Null when malformed. */
export function nirKey(nir: string): string | null {
  const value = nir.toUpperCase();
  if (!NIR_PATTERN.test(value)) return null;
  const digits = value.replace('2A', '19').replace('2B', '18');
  const key = 97 - Number(BigInt(digits) % 97n);
  return String(key).padStart(2, '0');
}

/** A NIR (13 characters, spaces ignored) and its key agree. */
export function isValidNir(nir: string, key: string): boolean {
  const compact = nir.replace(/\s/g, '').toUpperCase();
  return /^[0-9]{2}$/.test(key) && nirKey(compact) === key;
}

/** PUT /api/auth/login/update { loginType: 'NIR' } on a tenant whose NIR_LOGIN toggle is off, or without a valid NIR on file. */
export const NIR_LOGIN_UNAVAILABLE_MESSAGE = 'La connexion avec votre numéro de Sécurité sociale n’est pas proposée pour votre espace.';

export const ZNir = z
  .string()
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .pipe(z.string().regex(NIR_PATTERN, NIR_INVALID_MESSAGE));

// ── Names, sex, dates ──

/** First names and names: letters (accents), spaces, hyphens and apostrophes; no special characters. */
export const NAME_MESSAGE = 'Saisissez le nom sans caractères spéciaux (lettres, espaces, tirets et apostrophes).';
const NAME_PATTERN = /^\p{L}[\p{L}\s'’-]*$/u;
export const ZPersonName = z
  .string()
  .trim()
  .min(1, 'Le champ ne peut pas être vide.')
  .max(60, 'Saisissez au maximum 60 caractères.')
  .regex(NAME_PATTERN, NAME_MESSAGE);

export const SEX_MESSAGE = 'Veuillez sélectionner le sexe.';
export const ZSex = z.enum(['M', 'F'], { error: SEX_MESSAGE });

/** A birth may be declared up to 6 months back. */
export const BIRTH_DECLARATION_MONTHS = 6;

const addMonths = (iso: string, months: number): string => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(d, last));
  return date.toISOString().slice(0, 10);
};

/** Earliest birth date a « naissance » declaration accepts on `today` (YYYY-MM-DD). */
export const earliestDeclarableBirth = (today: string) => addMonths(today, -BIRTH_DECLARATION_MONTHS);

/** A requested membership start may lie at most 3 months ahead (a start further ahead is refused). */
export const MEMBERSHIP_START_MAX_MONTHS = 3;

/**
 * The membership start date rule of an added beneficiary (a birth can be declared up to
 * 6 months back): never before the member's
 * contract start nor before the person's birth; retroactive only for a birth or an adoption (from the
 * birth date), otherwise from today; at most 3 months ahead. Answers the French message or null.
 */
export function membershipStartIssue(
  start: string,
  ctx: { today: string; profile: string; birthDate?: string | null; contractStart?: string | null },
): string | null {
  const latest = addMonths(ctx.today, MEMBERSHIP_START_MAX_MONTHS);
  if (start > latest) return `La date d’adhésion ne peut pas être postérieure au ${frenchDateWords(latest)}.`;
  if (ctx.contractStart && start < ctx.contractStart)
    return `La date d’adhésion ne peut pas être antérieure au début de votre contrat, le ${frenchDateWords(ctx.contractStart)}.`;
  if (ctx.birthDate && ctx.birthDate <= ctx.today && start < ctx.birthDate) return 'La date d’adhésion ne peut pas être antérieure à la date de naissance.';
  const retroactive = ctx.profile === 'BIRTH' || ctx.profile === 'ADOPTION';
  if (!retroactive && start < ctx.today)
    return 'La date d’adhésion ne peut pas être antérieure à aujourd’hui : seules une naissance ou une adoption se déclarent avec effet rétroactif.';
  return null;
}

// ── Beneficiary types, profiles and their documents ──

export const BENEFICIARY_TYPES = ['PARTNER', 'CHILD'] as const;
export const ZNewBeneficiaryType = z.enum(BENEFICIARY_TYPES, { error: 'Veuillez choisir le type de bénéficiaire.' });
export type NewBeneficiaryType = z.infer<typeof ZNewBeneficiaryType>;
export const BENEFICIARY_TYPE_LABELS: Record<NewBeneficiaryType, string> = { PARTNER: 'Conjoint', CHILD: 'Enfant' };

export const BENEFICIARY_PROFILES = [
  'BIRTH',
  'ADOPTION',
  'DEPENDANT',
  'STUDENT',
  'JOB_SEEKER',
  'DISABLED',
  'CIVIC_SERVICE',
  'SPOUSE',
  'PACS',
  'COHABITANT',
  'OTHER',
] as const;
export const ZBeneficiaryProfile = z.enum(BENEFICIARY_PROFILES, { error: 'Veuillez choisir le profil du bénéficiaire.' });
export type BeneficiaryProfile = z.infer<typeof ZBeneficiaryProfile>;

/** Profiles offered per type, with their label and the supporting documents they need. */
export const BENEFICIARY_PROFILE_INFO: Record<BeneficiaryProfile, { type: NewBeneficiaryType; label: string; documents: readonly string[] }> = {
  BIRTH: { type: 'CHILD', label: 'Naissance', documents: ['Acte de naissance ou livret de famille'] },
  ADOPTION: { type: 'CHILD', label: 'Adoption', documents: ['Jugement d’adoption ou livret de famille'] },
  DEPENDANT: { type: 'CHILD', label: 'Enfant à charge', documents: ['Attestation de droits à la Sécurité sociale', 'Avis d’imposition de rattachement'] },
  STUDENT: { type: 'CHILD', label: 'Étudiant ou apprenti', documents: ['Certificat de scolarité ou contrat d’apprentissage'] },
  JOB_SEEKER: { type: 'CHILD', label: 'Demandeur d’emploi', documents: ['Attestation d’inscription à France Travail'] },
  DISABLED: { type: 'CHILD', label: 'En situation de handicap', documents: ['Carte ou certificat d’invalidité'] },
  CIVIC_SERVICE: { type: 'CHILD', label: 'Service civique', documents: ['Contrat de service civique'] },
  SPOUSE: { type: 'PARTNER', label: 'Conjoint marié', documents: ['Attestation de droits à la Sécurité sociale', 'Livret de famille ou acte de mariage'] },
  PACS: { type: 'PARTNER', label: 'Partenaire de PACS', documents: ['Attestation de droits à la Sécurité sociale', 'Contrat de PACS'] },
  COHABITANT: {
    type: 'PARTNER',
    label: 'Concubin',
    documents: ['Attestation de droits à la Sécurité sociale', 'Déclaration de vie commune', 'Justificatif de domicile commun'],
  },
  OTHER: { type: 'CHILD', label: 'Autre', documents: ['Attestation de droits à la Sécurité sociale'] },
};

export const profilesOfType = (type: NewBeneficiaryType) => BENEFICIARY_PROFILES.filter((p) => BENEFICIARY_PROFILE_INFO[p].type === type);

export const OTHER_COVERS = ['NONE', 'OTHER_MUTUAL', 'CSS'] as const;
export const OTHER_COVER_LABELS: Record<(typeof OTHER_COVERS)[number], string> = {
  NONE: 'Non',
  OTHER_MUTUAL: 'Oui, par une autre mutuelle',
  CSS: 'Oui, par la Complémentaire santé solidaire (CSS)',
};

const yesNo = (message: string) => z.enum(['true', 'false'], { error: message }).transform((v) => v === 'true');

export const ADD_BENEFICIARY_MESSAGES = {
  parent: 'Veuillez sélectionner le parent auquel l’enfant est rattaché.',
  birthTooOld: `Une naissance se déclare au plus tard ${BIRTH_DECLARATION_MONTHS} mois après la date de naissance.`,
  birthFuture: 'La date de naissance ne peut pas être dans le futur.',
  profileType: 'Ce profil ne correspond pas au type de bénéficiaire choisi.',
  documents: 'Veuillez télécharger le/les fichier(s) nécessaire(s)',
  nirKey: 'La clé compte 2 chiffres.',
};

/**
 * POST /api/beneficiaries (multipart fields; the documents are the files). `today` is the server's
 * date for the birth rule; the schema is built per request.
 */
export const addBeneficiaryFields = (today: string, contractStart?: string | null) =>
  z
    .object({
      type: ZNewBeneficiaryType,
      profile: ZBeneficiaryProfile,
      firstName: ZPersonName,
      surName: ZPersonName,
      sex: ZSex,
      birthDate: ZIsoDate,
      ownNir: yesNo('Indiquez si le bénéficiaire a son propre numéro de Sécurité sociale.'),
      nir: z.string().max(20).optional(),
      nirKey: z.string().trim().max(2).optional(),
      attachedParent: z.enum(['MAIN', 'PARTNER']).optional(),
      membershipStart: ZIsoDate,
      otherCover: z.enum(OTHER_COVERS, { error: 'Indiquez si le bénéficiaire est couvert par une autre complémentaire.' }),
      alsaceMoselle: yesNo('Indiquez si le bénéficiaire relève du régime Alsace-Moselle.'),
    })
    .superRefine((v, ctx) => {
      if (BENEFICIARY_PROFILE_INFO[v.profile].type !== v.type)
        ctx.addIssue({ code: 'custom', path: ['profile'], message: ADD_BENEFICIARY_MESSAGES.profileType });
      if (v.birthDate > today) ctx.addIssue({ code: 'custom', path: ['birthDate'], message: ADD_BENEFICIARY_MESSAGES.birthFuture });
      if (v.profile === 'BIRTH' && v.birthDate < earliestDeclarableBirth(today))
        ctx.addIssue({ code: 'custom', path: ['birthDate'], message: ADD_BENEFICIARY_MESSAGES.birthTooOld });
      const startIssue = membershipStartIssue(v.membershipStart, { today, profile: v.profile, birthDate: v.birthDate, contractStart: contractStart ?? null });
      if (startIssue) ctx.addIssue({ code: 'custom', path: ['membershipStart'], message: startIssue });
      if (v.ownNir || v.type === 'PARTNER') {
        const nir = (v.nir ?? '').replace(/\s/g, '').toUpperCase();
        if (!isValidNir(nir, v.nirKey ?? '')) ctx.addIssue({ code: 'custom', path: ['nir'], message: NIR_INVALID_MESSAGE });
      } else if (v.type === 'CHILD' && !v.attachedParent) ctx.addIssue({ code: 'custom', path: ['attachedParent'], message: ADD_BENEFICIARY_MESSAGES.parent });
    });
export type TAddBeneficiaryFields = z.input<ReturnType<typeof addBeneficiaryFields>>;

// ── Deletion ──

export const DELETION_REASONS = ['DEATH', 'DIVORCE', 'SEPARATION', 'COMPULSORY_MUTUAL', 'NO_LONGER_DEPENDANT'] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];
export const DELETION_REASON_INFO: Record<DeletionReason, { label: string; documents: readonly string[] }> = {
  DEATH: { label: 'Décès', documents: ['Acte de décès'] },
  DIVORCE: { label: 'Divorce', documents: ['Jugement ou acte de divorce'] },
  SEPARATION: { label: 'Séparation', documents: ['Déclaration de séparation ou justificatif de domiciles distincts'] },
  COMPULSORY_MUTUAL: { label: 'Adhésion à une mutuelle obligatoire', documents: ['Attestation d’adhésion à la mutuelle obligatoire'] },
  NO_LONGER_DEPENDANT: { label: 'N’est plus à charge', documents: ['Justificatif de la situation (contrat de travail, avis d’imposition…)'] },
};
export const DELETION_REASON_MESSAGE = 'Veuillez choisir un motif de suppression.';

/** POST /api/beneficiaries/{familyPosition}/deletion (multipart fields; the documents are the files). */
export const ZBeneficiaryDeletionFields = z.object({
  reason: z.enum(DELETION_REASONS, { error: DELETION_REASON_MESSAGE }),
  endDate: ZIsoDate,
});
export type TBeneficiaryDeletionFields = z.input<typeof ZBeneficiaryDeletionFields>;

/** GET /api/beneficiaries/{familyPosition}/documents: the files concerning that person and their refund statements. */
export const ZBeneficiaryDocuments = z.object({
  /** Files sent by the member or by the insurer about that person; downloaded at GET /api/documents/{id}/file. */
  files: z.array(z.object({ id: z.string(), name: z.string(), date: z.string(), origin: z.enum(['member', 'insurer']), requestTitle: z.string().nullable() })),
  /** Refund statements of that person's care, newest first (at most 12); downloaded at GET /api/refunds/{id}/statement. */
  statements: z.array(
    z.object({ refundId: z.string(), reference: z.string(), paymentDate: z.string(), careDate: z.string(), actWording: z.string(), fileName: z.string() }),
  ),
});
export type TBeneficiaryDocuments = z.infer<typeof ZBeneficiaryDocuments>;
export const ZBeneficiaryDocumentsResponse = dataEnvelope(ZBeneficiaryDocuments);

export const ZFamilyPositionParams = z.object({ familyPosition: z.coerce.number().int().min(1).max(99) });

// ── Teletransmission and organisation codes ──

/**
 * Code organisme: 9 digits = scheme (2) + fund (3) + centre (4); the last 3 are not needed:
 * 6 digits required, up to 9 accepted.
 */
export const ORGANISATION_CODE_MESSAGE = 'Le code organisme compte 9 chiffres (les 3 derniers sont facultatifs).';
export const ZOrganisationCode = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^[0-9]{6}([0-9]{3})?$/, ORGANISATION_CODE_MESSAGE));

export const ZOrganisationCodeQuery = z.object({
  q: z.string().trim().min(2, 'Saisissez au moins 2 caractères pour rechercher un organisme.').max(60, 'Saisissez au maximum 60 caractères.'),
});
export const ZOrganisationFund = z.object({
  code: z.string(),
  label: z.string(),
  /** The main cities it serves (a member searches by their city). */
  cities: z.string(),
  /** An old fund now attached to the primary fund: the member is invited to send the rights certificate. */
  obsolete: z.boolean(),
  replacedBy: z.string().nullable(),
  /** Some funds offer no teletransmission. */
  teletransmission: z.boolean(),
});
export type TOrganisationFund = z.infer<typeof ZOrganisationFund>;
export const ZOrganisationFundsResponse = dataEnvelope(z.array(ZOrganisationFund));

export const ORGANISATION_MESSAGES = {
  obsolete:
    'Cet organisme est désormais rattaché à votre caisse primaire d’assurance maladie. Veuillez nous transmettre votre attestation de droits à la Sécurité sociale téléchargée sur ameli.fr.',
  noTeletransmission: 'Cet organisme ne propose pas la télétransmission\u00a0: envoyez-nous vos décomptes de la Sécurité sociale.',
  unknown: 'Code organisme inconnu. Vérifiez-le sur votre attestation de droits.',
};

export const ZTeletransmissionChange = z.discriminatedUnion(
  'action',
  [
    z.object({ familyPosition: z.number().int().min(1), action: z.literal('REQUEST'), organisationCode: ZOrganisationCode, otherMutual: z.boolean() }),
    z.object({ familyPosition: z.number().int().min(1), action: z.literal('NOT_WISHED') }),
  ],
  { error: 'Choisissez une action de télétransmission.' },
);
export type TTeletransmissionChange = z.infer<typeof ZTeletransmissionChange>;

// ── Preferences ──

export const { values: MAGAZINE_CHANNELS, labels: MAGAZINE_CHANNEL_LABELS } = labelledList({
  EMAIL: 'Par e-mail',
  POST: 'Par courrier',
  NONE: 'Je ne souhaite pas le recevoir',
});
export const ZMagazineChannel = z.enum(MAGAZINE_CHANNELS);
export const { values: MAGAZINE_FORMATS, labels: MAGAZINE_FORMAT_LABELS } = labelledList({ STANDARD: 'Standard', LARGE_PRINT: 'Gros caractères' });
export const ZMagazineFormat = z.enum(MAGAZINE_FORMATS);
export const { values: STATEMENT_CHANNELS, labels: STATEMENT_CHANNEL_LABELS } = labelledList({
  ONLINE: 'Dans mon espace (e-mail d’avis)',
  POST: 'Par courrier',
});
export const ZStatementChannel = z.enum(STATEMENT_CHANNELS);
export const { values: CARD_FORMATS, labels: CARD_FORMAT_LABELS } = labelledList({ DIGITAL: 'Dématérialisée', PAPER: 'Papier' });
export const ZCardFormat = z.enum(CARD_FORMATS);

export const ZPreferenceValues = z.object({
  magazineChannel: ZMagazineChannel,
  magazineFormat: ZMagazineFormat,
  statementChannel: ZStatementChannel,
  cardFormat: ZCardFormat,
});
export type TPreferenceValues = z.infer<typeof ZPreferenceValues>;

export const ZBeneficiaryTeletransmission = z.object({
  familyPosition: z.number().int(),
  firstName: z.string(),
  surName: z.string(),
  state: z.enum(TELETRANSMISSION_STATES),
  /** The fund's reason when it refused or ended the link. */
  reason: z.string().nullable(),
  /** ISO date of the fund's last answer, when there is one. */
  since: z.string().nullable(),
  organisationCode: z.string().nullable(),
  otherMutual: z.boolean(),
});
export type TBeneficiaryTeletransmission = z.infer<typeof ZBeneficiaryTeletransmission>;

export const ZPreferences = ZPreferenceValues.extend({ teletransmission: z.array(ZBeneficiaryTeletransmission) });
export type TPreferences = z.infer<typeof ZPreferences>;
export const ZPreferencesResponse = dataEnvelope(ZPreferences);

/** PUT /api/preferences: any of the channels, and at most one teletransmission change. */
export const ZPreferencesUpdate = ZPreferenceValues.partial().extend({ teletransmission: ZTeletransmissionChange.optional() });
export type TPreferencesUpdate = z.input<typeof ZPreferencesUpdate>;
export const ZPreferencesUpdateResponse = dataEnvelope(ZPreferences.extend({ requestIds: z.array(z.string()) }));

// ── Lost card ──

/** POST /api/preferences/lost-card: the card is declared lost; a paper card is sent again or not. */
export const ZLostCardDeclaration = z.object({
  /** The member asks a new paper card by post; otherwise the digital card (always in the space) is enough. */
  sendPaperCard: z.boolean({ error: 'Indiquez si vous souhaitez recevoir une nouvelle carte papier.' }),
  /** The member confirmed in the first popup that the lost card must no longer be used. */
  confirmed: z.literal(true, { error: 'Veuillez confirmer la déclaration de perte.' }),
});
export type TLostCardDeclaration = z.input<typeof ZLostCardDeclaration>;
export const ZLostCardDeclared = dataEnvelope(z.object({ requestId: z.string(), groupId: z.string(), declaredAt: z.string(), sendPaperCard: z.boolean() }));
/** The popups' texts (the spec names the popups without their wording: ours). */
export const LOST_CARD_TEXTS = {
  action: 'Déclarer la perte de ma carte',
  confirmTitle: 'Déclarer la perte de votre carte de tiers payant',
  confirmBody:
    'Votre carte perdue ne doit plus être utilisée : nous la signalons à nos services. Votre carte dématérialisée reste disponible dans votre espace et dans l’application, présentez-la chez les professionnels de santé.',
  paperChoice: 'Je souhaite recevoir une nouvelle carte papier par courrier',
  confirm: 'Confirmer la perte',
  doneTitle: 'Déclaration de perte enregistrée',
  donePaper: 'Votre nouvelle carte papier vous sera envoyée par courrier sous 10 jours environ. Suivez votre demande dans « Mes demandes ».',
  doneDigital: 'Utilisez votre carte dématérialisée en attendant. Suivez votre demande dans « Mes demandes ».',
} as const;

// ── Beneficiaries ──

export const ZBeneficiaryDetail = z.object({
  familyPosition: z.number().int(),
  rank: z.enum(['MAIN', 'PARTNER', 'CHILD', 'OTHER']),
  firstName: z.string(),
  surName: z.string(),
  legalName: z.string().nullable(),
  birthDate: z.string(),
  sex: z.enum(['M', 'F']),
  /** Masked but for the last 3 characters and the key. */
  nirMasked: z.string().nullable(),
  teletransmission: ZBeneficiaryTeletransmission,
  useMainBankDetails: z.boolean(),
  /** Set while a deletion request for this person is pending. */
  pendingDeletion: z.object({ requestId: z.string(), reason: z.enum(DELETION_REASONS), endDate: z.string() }).nullable(),
});
export type TBeneficiaryDetail = z.infer<typeof ZBeneficiaryDetail>;
export const ZBeneficiariesResponse = dataEnvelope(
  z.object({
    beneficiaries: z.array(ZBeneficiaryDetail),
    canAdd: z.boolean(),
    pendingAdditions: z.array(z.object({ requestId: z.string(), firstName: z.string(), surName: z.string(), createdAt: z.string() })),
  }),
);

/** PUT /api/beneficiaries/{familyPosition}: the usage name, the refund bank details choice, teletransmission. */
export const ZBeneficiaryUpdate = z.object({
  legalName: ZPersonName.nullable().optional(),
  useMainBankDetails: z.boolean().optional(),
  teletransmission: ZTeletransmissionChange.optional(),
});
export type TBeneficiaryUpdate = z.input<typeof ZBeneficiaryUpdate>;

export const ZRequestCreated = dataEnvelope(z.object({ requestId: z.string(), groupId: z.string() }));

// ── Personal information ──

export const SECONDARY_EMAIL_MESSAGE = "Le champ 'Email secondaire' ne peut pas contenir la même adresse que le champ 'Email'";
export const COMMUNE_MESSAGE = 'Choisissez une commune correspondant au code postal.';
export const ZIP_CODE_MESSAGE = 'Le code postal compte 5 chiffres.';

export const ZPersonalInfoUpdate = z.object({
  secondaryEmail: z.union([ZEmail, z.literal('').transform(() => null)]).nullable(),
  phoneNumber: z
    .string()
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^(?:0[1-9][0-9]{8}|\+[0-9]{8,15})?$/, 'Numéro de téléphone invalide.'))
    .transform((v) => v || null)
    .nullable(),
  address: z.object({
    line1: z.string().trim().min(1, 'Adresse requise.').max(200),
    line2: z.string().trim().max(200).nullish(),
    line3: z.string().trim().max(200).nullish(),
    zipCode: z.string().trim().min(1, 'Code postal requis.').max(12),
    city: z.string().trim().min(1, 'Ville requise.').max(100),
    country: z.string().trim().min(2).max(60),
    foreignResidence: z.boolean(),
  }),
});
export type TPersonalInfoUpdate = z.input<typeof ZPersonalInfoUpdate>;

export const ZPersonalInfo = z.object({
  membershipNumber: z.string(),
  firstName: z.string(),
  surName: z.string(),
  birthDate: z.string(),
  nirMasked: z.string().nullable(),
  ...ZContact.shape,
  address: ZAddress.extend({ foreignResidence: z.boolean() }),
  loginType: ZLoginType,
  loginEmail: z.string().nullable(),
  /** The tenant lets members sign in with their NIR (toggle NIR_LOGIN) and the main insured's NIR on file is valid. */
  nirLoginAllowed: z.boolean(),
  /** The certificate is refused to members whose contracts have all ended. */
  certificateAvailable: z.boolean(),
});
export type TPersonalInfo = z.infer<typeof ZPersonalInfo>;
export const ZPersonalInfoResponse = dataEnvelope(ZPersonalInfo);
/** After a change: `zipCodeChanged` opens the popup inviting to update the organisation code. */
export const ZPersonalInfoUpdateResponse = dataEnvelope(ZPersonalInfo.extend({ zipCodeChanged: z.boolean() }));

/** Whether the secondary e-mail differs from the e-mail (case and spaces ignored). */
export const secondaryEmailDiffers = (email: string | null | undefined, secondary: string | null | undefined) =>
  !secondary?.trim() || !email?.trim() || secondary.trim().toLowerCase() !== email.trim().toLowerCase();

// ── Postal codes ──

export const ZPostalCodeParams = z.object({ code: ZZipCode });
/** A commune of a postal code (La Poste), for the address form; care-network has its own ZCommune with coordinates. */
export const ZPostalCommune = z.object({ name: z.string(), inseeCode: z.string(), deliveryLabel: z.string() });
export type TPostalCommune = z.infer<typeof ZPostalCommune>;
export const ZPostalCodeResponse = dataEnvelope(z.array(ZPostalCommune));

/** Certificate file name: « Certificat ». */
export const certificateFileName = (membershipNumber: string) => `Certificat_adhesion_${membershipNumber}.pdf`;
export const myDataFileName = (membershipNumber: string, date: string) => `Mes_donnees_${membershipNumber}_${date}.zip`;

/** Masks a NIR but its last 3 characters and key: « • ••• •• •• ••• 111 93 ». */
export const maskNir = (nir: string | null, key: string | null) => (nir ? `${'•'.repeat(10)}${nir.slice(-3)} ${key ?? ''}`.trim() : null);
