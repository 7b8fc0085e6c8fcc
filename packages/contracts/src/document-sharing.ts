import { z } from 'zod';
import type { BeneficiaryRank } from './beneficiary-rank';
import { MESSAGE_TEXT_PATTERN, type MessageKind, type SupportingDocumentKind } from './request-rules';

/*
 * Document sharing (doc-sharing/{data?}): the member chooses who the
 * document is about and its type, reads what the document must show, adds the files and a comment.
 * Types come from the spec's list; each maps to a request kind of the request-types list: the six
 * supporting_document kinds, and the spec's supporting_docs_* message kinds for PACS, living together
 * and other documents (the spec gives those as message kinds 10007–10009).
 */

export type SharedDocumentTypeInfo = {
  label: string;
  /** What the document must show (the spec's legal notices for school and France Travail). */
  guidance: string;
  /** The request kind it becomes. */
  kind: { type: 'supporting_document'; codeName: SupportingDocumentKind } | { type: 'message'; codeName: MessageKind };
};

const supportingDocument = (codeName: SupportingDocumentKind) => ({ type: 'supporting_document', codeName }) as const;
const message = (codeName: MessageKind) => ({ type: 'message', codeName }) as const;

/** Every type, in the order the form lists them. */
export const SHARED_DOCUMENT_TYPE_INFO = {
  social_security: {
    label: 'Attestation de droits à la Sécurité sociale',
    kind: supportingDocument('social_security'),
    guidance:
      'L’attestation de droits doit être à jour et indiquer le numéro de Sécurité sociale et le code de l’organisme de rattachement. Vous pouvez la télécharger sur votre compte ameli.',
  },
  schooling: {
    label: 'Certificat de scolarité',
    kind: supportingDocument('schooling'),
    guidance:
      'Le certificat de scolarité doit comporter le nom et le prénom de l’élève, sa date de naissance, l’année scolaire, le nom de l’établissement ainsi que la signature de la direction. Il est valable un an.',
  },
  employment_center: {
    label: 'Justificatif d’indemnisation France Travail',
    kind: supportingDocument('employment_center'),
    guidance:
      'Le justificatif France Travail doit indiquer le numéro de Sécurité sociale, l’identifiant France Travail, la période, le nombre de jours indemnisés, le montant journalier et la date de début d’indemnisation. Envoyez-le chaque mois pendant la portabilité.',
  },
  tax_notice: {
    label: 'Avis d’imposition',
    kind: supportingDocument('tax_notice'),
    guidance: 'Envoyez toutes les pages de votre dernier avis d’imposition, ou le justificatif de rattachement au foyer fiscal.',
  },
  pacs: {
    label: 'Justificatif de PACS',
    kind: message('supporting_docs_pacs'),
    guidance:
      'Le justificatif de PACS (convention enregistrée ou extrait d’acte de naissance portant la mention du PACS) doit indiquer les noms des deux partenaires.',
  },
  common_life: {
    label: 'Attestation sur l’honneur de vie commune',
    kind: message('supporting_docs_common_life'),
    guidance: 'L’attestation sur l’honneur de vie commune doit être datée et signée par les deux personnes, accompagnée d’un justificatif de domicile commun.',
  },
  pension_rights: {
    label: 'Justificatif de droits à la retraite',
    kind: supportingDocument('pension_rights'),
    guidance: 'Le justificatif de retraite (notification de pension ou attestation de paiement) doit indiquer la date de départ à la retraite.',
  },
  disability: {
    label: 'Justificatif d’invalidité',
    kind: supportingDocument('disability'),
    guidance: 'Envoyez la carte ou le certificat d’invalidité, ou la notification de pension d’invalidité, en cours de validité.',
  },
  other: {
    label: 'Autre document',
    kind: message('supporting_docs_others'),
    guidance: 'Précisez dans le commentaire de quel document il s’agit et pourquoi vous nous l’envoyez.',
  },
} satisfies Record<string, SharedDocumentTypeInfo>;
export type SharedDocumentType = keyof typeof SHARED_DOCUMENT_TYPE_INFO;
export const SHARED_DOCUMENT_TYPES = Object.keys(SHARED_DOCUMENT_TYPE_INFO) as [SharedDocumentType, ...SharedDocumentType[]];

/** From this age a child may be a job seeker (France Travail) or draw a disability pension of their own. */
export const CHILD_WORKING_AGE = 16;

/** Whole years between a birth date and today (both YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/**
 * The document types offered for a beneficiary, by rank and profile (supporting documents per beneficiary
 * type): the rights certificate and « Autre » for everyone; the main insured
 * and the partner their tax notice, retirement, disability and France Travail proofs; the partner the
 * PACS or living-together proof; a child the school certificate and, from 16, France Travail.
 */
export function sharedDocumentTypesFor(beneficiary: { rank: BeneficiaryRank; birthDate: string }, today: string): SharedDocumentType[] {
  const types: SharedDocumentType[] = ['social_security'];
  switch (beneficiary.rank) {
    case 'MAIN':
      types.push('employment_center', 'tax_notice', 'pension_rights', 'disability');
      break;
    case 'PARTNER':
      types.push('pacs', 'common_life', 'employment_center', 'tax_notice', 'pension_rights', 'disability');
      break;
    case 'CHILD':
      types.push('schooling', 'tax_notice', 'disability');
      if (ageOn(beneficiary.birthDate, today) >= CHILD_WORKING_AGE) types.push('employment_center');
      break;
    case 'OTHER':
      types.push('tax_notice', 'disability');
      break;
  }
  types.push('other');
  return SHARED_DOCUMENT_TYPES.filter((t) => types.includes(t));
}

export const DOCUMENT_SHARING_COMMENT_MAX = 1000;

export const DOCUMENT_SHARING_ERRORS = {
  beneficiary: 'Veuillez choisir un bénéficiaire',
  type: 'Veuillez choisir le type de document.',
  typeNotOffered: 'Ce type de document ne concerne pas ce bénéficiaire.',
  files: 'Veuillez télécharger le/les fichier(s) nécessaire(s)',
  comment: `Le commentaire ne doit pas dépasser ${DOCUMENT_SHARING_COMMENT_MAX} caractères`,
  specialCharacters: 'Les caractères spéciaux ne sont pas autorisés',
} as const;

/** The text fields of POST /api/document-sharing (files under `attachments`). */
export const ZDocumentSharingFields = z.object({
  familyPosition: z.coerce
    .number({ error: DOCUMENT_SHARING_ERRORS.beneficiary })
    .int(DOCUMENT_SHARING_ERRORS.beneficiary)
    .min(1, DOCUMENT_SHARING_ERRORS.beneficiary),
  documentType: z.enum(SHARED_DOCUMENT_TYPES, { error: DOCUMENT_SHARING_ERRORS.type }),
  comment: z
    .string()
    .trim()
    .max(DOCUMENT_SHARING_COMMENT_MAX, DOCUMENT_SHARING_ERRORS.comment)
    .regex(MESSAGE_TEXT_PATTERN, DOCUMENT_SHARING_ERRORS.specialCharacters)
    .default(''),
});
export type TDocumentSharingFields = z.infer<typeof ZDocumentSharingFields>;

/** The `doc-sharing/{data}` route parameter: a type to pre-select, when it is one. */
export function sharedDocumentTypeOfParam(data: string | undefined): SharedDocumentType | null {
  return (SHARED_DOCUMENT_TYPES as readonly string[]).includes(data ?? '') ? (data as SharedDocumentType) : null;
}
