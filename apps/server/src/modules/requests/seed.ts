// Long because it is demo data: every request kind and status once, with their steps, messages and files.
import { defaultRequestTypes, isStepAllowed, timelineStepLabel, timelineStepsOf } from '@mutua/contracts/request-kinds';
import {
  CLAIM_ANSWER_DAYS,
  REQUEST_TYPES,
  timelineStepLink,
  typeCodeOf,
  type MessageDirection,
  type RequestType,
  type StatusKey,
  type TimelineStep,
} from '@mutua/contracts/requests';
import { and, eq } from 'drizzle-orm';
import { makeCardPng, makeTextPdf } from '../documents/public';
import { storeFile } from '../documents/public';
import type { Db } from '../../db/client';
import { beneficiaries, members, requestGroups, requestMessages, requestSteps, requests } from '../../db/schema';
import { DEMO_MEMBERS } from '../members/public';

type DemoFile = { name: string; nameFile: string; kind: 'pdf' | 'png'; lines?: string[] };
type DemoMessage = { direction: MessageDirection; body: string; read?: boolean; daysAgo: number; attachments?: DemoFile[] };
type DemoRequest = {
  type: RequestType;
  kind: string;
  title: string;
  status: StatusKey;
  /** Family position of the beneficiary concerned (1 = the member). */
  beneficiary?: number;
  /** Steps reached, oldest first; default: the kind's nominal path cut to fit the status. */
  steps?: TimelineStep[];
  /** Extra fields of some steps. */
  stepDetails?: Partial<Record<TimelineStep, { caption?: string; info?: string; documents?: DemoFile[] }>>;
  messages?: DemoMessage[];
  /** Supporting documents the member uploaded with the request (shared documents). */
  uploads?: DemoFile[];
  read?: boolean;
};
type DemoGroup = { daysAgo: number; requests: DemoRequest[] };

const pdf = (name: string, nameFile: string, lines: string[]): DemoFile => ({ name, nameFile, kind: 'pdf', lines });

/** Camille's requests, newest activity first: the dashboard's three first groups are the liveliest. */
const CAMILLE: DemoGroup[] = [
  {
    daysAgo: 1,
    requests: [
      {
        type: 'message',
        kind: 'request_additional_parts',
        title: 'Pièces complémentaires pour votre facture dentaire',
        status: 'unread',
        read: false,
        steps: ['information_required'],
        stepDetails: { information_required: { info: 'Merci de nous transmettre la facture détaillée de votre dentiste.' } },
        messages: [
          {
            direction: 'insurer',
            daysAgo: 1,
            body: 'Bonjour Madame Durand,\n\nAfin de traiter la facture dentaire de Thomas, merci de nous transmettre la facture détaillée (codes des actes et dépassements).\n\nCordialement,\nLe service Prestations',
          },
        ],
      },
    ],
  },
  {
    daysAgo: 2,
    requests: [
      { type: 'bill', kind: 'dental', title: 'Facture dentaire de Thomas', status: 'check_in_progress', beneficiary: 2 },
      {
        type: 'bill',
        kind: 'new_optical_equipment',
        title: 'Lunettes de Léa',
        status: 'to_process',
        beneficiary: 3,
        steps: ['received', 'check_in_progress', 'waiting_noemie'],
        stepDetails: { waiting_noemie: { info: 'Nous attendons la transmission de la Sécurité sociale pour calculer votre remboursement.' } },
      },
    ],
  },
  {
    daysAgo: 3,
    requests: [
      {
        type: 'message',
        kind: 'rib',
        title: 'Changement de coordonnées bancaires',
        status: 'done',
        stepDetails: {
          done: {
            documents: [
              pdf('Mandat de prélèvement SEPA signé', 'mandat-sepa.pdf', [
                'Référence unique de mandat\u00a0: MUT-2026-000451',
                'Débiteur\u00a0: Camille Durand',
                'IBAN\u00a0: FR76 **** **** **** **** ***0 189',
              ]),
            ],
          },
        },
        messages: [
          {
            direction: 'member',
            daysAgo: 6,
            body: 'Bonjour, je souhaite être remboursée sur mon nouveau compte. Vous trouverez mon RIB en pièce jointe.',
            attachments: [
              pdf('RIB Camille Durand', 'rib-camille-durand.pdf', [
                'Titulaire\u00a0: Camille Durand',
                'IBAN\u00a0: FR76 3000 6000 0112 3456 7890 189',
                'BIC\u00a0: AGRIFRPP',
              ]),
            ],
          },
          {
            direction: 'insurer',
            daysAgo: 3,
            read: true,
            body: 'Bonjour, vos nouvelles coordonnées bancaires sont enregistrées et s’appliquent à vos prochains remboursements. Cordialement.',
          },
        ],
      },
    ],
  },
  {
    daysAgo: 5,
    requests: [
      {
        type: 'message',
        kind: 'claim_request_refunds',
        title: 'Réclamation\u00a0: remboursement de l’ostéopathe',
        status: 'in_progress',
        stepDetails: { in_progress: { caption: `Réponse sous ${CLAIM_ANSWER_DAYS} jours` } },
        messages: [
          {
            direction: 'member',
            daysAgo: 8,
            body: 'Bonjour, ma séance d’ostéopathie du mois dernier n’a été remboursée qu’en partie. Pouvez-vous vérifier\u00a0? Merci.',
          },
        ],
      },
    ],
  },
  {
    daysAgo: 6,
    requests: [
      {
        type: 'message',
        kind: 'resend_tp_card',
        title: 'Renvoi de ma carte de tiers payant',
        status: 'in_progress',
        stepDetails: { printing: { documents: [{ name: 'Aperçu de la carte', nameFile: 'apercu-carte.png', kind: 'png' }] } },
      },
    ],
  },
  {
    daysAgo: 8,
    requests: [
      {
        type: 'message',
        kind: 'refunds_other',
        title: 'Question sur le remboursement de la pharmacie',
        status: 'study',
        steps: ['received', 'in_progress', 'study'],
        messages: [
          { direction: 'member', daysAgo: 14, body: 'Bonjour, je ne comprends pas le montant remboursé pour la pharmacie du 3. Merci.' },
          { direction: 'insurer', daysAgo: 11, read: true, body: 'Bonjour, pouvez-vous nous préciser le nom de la pharmacie\u00a0? Cordialement.' },
          { direction: 'member', daysAgo: 8, body: 'Il s’agit de la Pharmacie du Marché, à Paris 11e.' },
        ],
      },
    ],
  },
  {
    daysAgo: 10,
    requests: [
      {
        type: 'supporting_document',
        kind: 'schooling',
        title: 'Certificat de scolarité de Noah',
        status: 'done',
        beneficiary: 4,
        uploads: [
          pdf('Certificat de scolarité Noah', 'certificat-scolarite-noah.pdf', [
            'Élève\u00a0: Noah Durand, né le 5 novembre 2018',
            'Année scolaire 2025-2026',
            'École élémentaire Parmentier, Paris 11e',
          ]),
        ],
      },
    ],
  },
  {
    daysAgo: 12,
    requests: [
      {
        type: 'supporting_document',
        kind: 'employment_center',
        title: 'Justificatif France Travail',
        status: 'to_process',
        beneficiary: 2,
        steps: ['received', 'waiting_france_travail_proof'],
        stepDetails: { waiting_france_travail_proof: { info: 'Merci de nous envoyer chaque mois votre justificatif d’indemnisation France Travail.' } },
      },
    ],
  },
  {
    daysAgo: 15,
    requests: [
      {
        type: 'bill',
        kind: 'hospital_care',
        title: 'Hospitalisation de Camille',
        status: 'done',
        beneficiary: 1,
        stepDetails: {
          done: {
            documents: [
              pdf('Décompte hospitalisation', 'decompte-hospitalisation.pdf', [
                'Séjour du 2 au 4\u00a0: forfait journalier et chambre particulière',
                'Montant remboursé\u00a0: 186,00\u00a0€',
              ]),
            ],
          },
        },
      },
    ],
  },
  {
    daysAgo: 18,
    requests: [
      { type: 'quotation', kind: 'dental_quote', title: 'Devis de couronne', status: 'in_progress', beneficiary: 2 },
      { type: 'quotation', kind: 'optical_quote', title: 'Devis de lunettes', status: 'check_in_progress', beneficiary: 3 },
    ],
  },
  {
    daysAgo: 20,
    requests: [
      {
        type: 'document',
        kind: 'other',
        title: 'Votre attestation de droits',
        status: 'unread',
        read: false,
        steps: ['received'],
        stepDetails: {
          received: {
            documents: [
              pdf('Attestation de droits', 'attestation-droits.pdf', [
                'Nous attestons que Camille Durand et ses ayants droit sont couverts',
                'par le contrat Santé Essentielle Individuelle depuis le 1er janvier 2024.',
              ]),
            ],
          },
        },
      },
      { type: 'document', kind: 'rib', title: 'RIB de remboursement', status: 'done' },
      { type: 'document', kind: 'mandate', title: 'Mandat de prélèvement', status: 'in_progress' },
    ],
  },
  {
    daysAgo: 24,
    requests: [
      {
        type: 'message',
        kind: 'info_message',
        title: 'Votre dossier a été mis à jour',
        status: 'read',
        messages: [{ direction: 'insurer', daysAgo: 24, read: true, body: 'Bonjour, l’adresse de votre dossier a été mise à jour.' }],
      },
    ],
  },
  { daysAgo: 27, requests: [{ type: 'message', kind: 'add_beneficiary', title: 'Ajout de Noah sur mon contrat', status: 'done', beneficiary: 4 }] },
  { daysAgo: 29, requests: [{ type: 'message', kind: 'delete_beneficiary', title: 'Retrait d’un bénéficiaire', status: 'request_sent' }] },
  {
    daysAgo: 31,
    requests: [{ type: 'message', kind: 'hospital_care', title: 'Prise en charge pour une hospitalisation', status: 'in_progress', beneficiary: 1 }],
  },
  {
    daysAgo: 33,
    requests: [
      {
        type: 'message',
        kind: 'other',
        title: '[FDC] Fin de votre contrat collectif',
        status: 'read',
        messages: [
          {
            direction: 'insurer',
            daysAgo: 33,
            read: true,
            body: 'Votre contrat collectif a pris fin\u00a0; votre contrat individuel prend le relais sans interruption.',
          },
        ],
      },
    ],
  },
];

/** Statuses given in turn to the kinds not shown above, so every kind exists once. */
const FILLER_STATUSES: Record<RequestType, StatusKey[]> = {
  supporting_document: ['done', 'check_in_progress', 'in_progress', 'request_sent'],
  bill: ['done', 'in_progress', 'study', 'request_sent'],
  document: ['done'],
  quotation: ['done', 'request_sent'],
  message: ['done', 'read', 'in_progress', 'request_sent', 'unread'],
};

function fillerGroups(existing: DemoGroup[]): DemoGroup[] {
  const shown = new Set(existing.flatMap((g) => g.requests.map((r) => `${r.type}:${r.kind}`)));
  const groups: DemoGroup[] = [];
  let day = 40;
  for (const type of REQUEST_TYPES) {
    let i = 0;
    for (const { codeName: kind, label } of defaultRequestTypes().filter((e) => e.type === type)) {
      if (shown.has(`${type}:${kind}`)) continue;
      const status = FILLER_STATUSES[type][i++ % FILLER_STATUSES[type].length]!;
      const messages: DemoMessage[] | undefined =
        type === 'message' && (status === 'read' || status === 'unread')
          ? [
              {
                direction: 'insurer',
                daysAgo: day,
                read: status === 'read',
                body: `Bonjour, voici notre réponse concernant votre demande « ${label} ». Cordialement.`,
              },
            ]
          : undefined;
      groups.push({ daysAgo: day, requests: [{ type, kind, title: label, status, read: status !== 'unread', messages }] });
      day += 3;
    }
  }
  return groups;
}

/** Steps reached for a status when the demo does not list them: the nominal path, cut to fit. */
function defaultSteps(type: RequestType, typeCode: number, status: StatusKey): TimelineStep[] {
  const path = timelineStepsOf(type, typeCode);
  if (status === 'done') return path;
  // An insurer answer (read or not): everything but the closing step.
  if (status === 'read' || status === 'unread') return path.slice(0, Math.max(1, path.length - 1));
  if (status === 'request_sent' || status === 'to_process') return path.slice(0, 1);
  if (status === 'study') return [...path.slice(0, 2), ...(isStepAllowed(type, typeCode, 'study') ? (['study'] as const) : [])];
  const check = path.indexOf('check_in_progress');
  return path.slice(0, check >= 0 && status === 'check_in_progress' ? check + 1 : Math.min(2, path.length));
}

const ago = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);

async function fileBytes(file: DemoFile, brand: string): Promise<{ content: Buffer; contentType: 'application/pdf' | 'image/png' }> {
  if (file.kind === 'png') return { content: makeCardPng(), contentType: 'image/png' };
  return { content: await makeTextPdf(file.name, file.lines ?? [], { brand }), contentType: 'application/pdf' };
}

async function seedMemberRequests(db: Db, tenantId: string, membershipNumber: string, brand: string, groups: DemoGroup[]): Promise<void> {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.membershipNumber, membershipNumber)));
  if (!member) throw new Error(`demo member ${membershipNumber} missing`);
  const family = await db
    .select({ id: beneficiaries.id, position: beneficiaries.familyPosition })
    .from(beneficiaries)
    .where(eq(beneficiaries.memberId, member.id));
  const types = defaultRequestTypes();

  for (const group of groups) {
    const groupAt = ago(group.daysAgo);
    const [g] = await db
      .insert(requestGroups)
      .values({ memberId: member.id, createdAt: ago(group.daysAgo + 4), updatedAt: groupAt })
      .returning({ id: requestGroups.id });
    for (const demo of group.requests) {
      const typeCode = typeCodeOf(types, demo.type, demo.kind);
      if (typeCode === null) throw new Error(`unknown kind ${demo.type}:${demo.kind}`);
      const steps = demo.steps ?? defaultSteps(demo.type, typeCode, demo.status);
      const beneficiaryId = demo.beneficiary ? family.find((b) => b.position === demo.beneficiary)!.id : null;
      const [request] = await db
        .insert(requests)
        .values({
          groupId: g!.id,
          memberId: member.id,
          beneficiaryId,
          typeCode,
          title: demo.title,
          statusKey: demo.status,
          read: demo.read ?? demo.status !== 'unread',
          createdAt: ago(group.daysAgo + steps.length),
          updatedAt: groupAt,
        })
        .returning({ id: requests.id });
      const requestId = request!.id;

      for (const [position, step] of steps.entries()) {
        const details = demo.stepDetails?.[step];
        const [row] = await db
          .insert(requestSteps)
          .values({
            requestId,
            position,
            step,
            label: timelineStepLabel(demo.type, typeCode, step),
            labelCaption: details?.caption ?? null,
            infoMessage: details?.info ?? null,
            linkInfoMessage: timelineStepLink(step),
            occurredAt: ago(group.daysAgo + steps.length - 1 - position),
          })
          .returning({ id: requestSteps.id });
        for (const file of details?.documents ?? []) {
          const { content, contentType } = await fileBytes(file, brand);
          await storeFile(db, {
            memberId: member.id,
            origin: 'insurer',
            requestId,
            stepId: row!.id,
            name: file.name,
            nameFile: file.nameFile,
            contentType,
            content,
          });
        }
      }

      for (const message of demo.messages ?? []) {
        const at = ago(message.daysAgo, 2);
        const [row] = await db
          .insert(requestMessages)
          .values({
            requestId,
            direction: message.direction,
            body: message.body,
            createdAt: at,
            readAt: message.direction === 'insurer' && message.read ? at : null,
          })
          .returning({ id: requestMessages.id });
        for (const file of message.attachments ?? []) {
          const { content, contentType } = await fileBytes(file, brand);
          await storeFile(db, {
            memberId: member.id,
            origin: message.direction,
            requestId,
            messageId: row!.id,
            name: file.name,
            nameFile: file.nameFile,
            contentType,
            content,
          });
        }
      }

      for (const file of demo.uploads ?? []) {
        const { content, contentType } = await fileBytes(file, brand);
        await storeFile(db, {
          memberId: member.id,
          origin: 'member',
          requestId,
          beneficiaryId,
          typeCode,
          name: file.name,
          nameFile: file.nameFile,
          contentType,
          content,
        });
      }
    }
  }
}

/** Lea, on the second tenant: a little of everything, so that cross-member checks have targets. */
const LEA: DemoGroup[] = [
  {
    daysAgo: 2,
    requests: [
      {
        type: 'message',
        kind: 'other',
        title: 'Votre demande de renseignements',
        status: 'unread',
        read: false,
        stepDetails: { received: { documents: [pdf('Tableau de garanties', 'tableau-garanties.pdf', ['Garanties du contrat Azur Essentiel'])] } },
        messages: [
          {
            direction: 'insurer',
            daysAgo: 2,
            body: 'Bonjour Madame Moreau, vous trouverez ci-joint votre tableau de garanties.',
            attachments: [pdf('Tableau de garanties', 'garanties.pdf', ['Azur Essentiel 2026'])],
          },
        ],
      },
    ],
  },
  { daysAgo: 9, requests: [{ type: 'bill', kind: 'dental', title: 'Facture dentaire de Jules', status: 'done', beneficiary: 2 }] },
];

/** Seed step '020-demo-requests': requests of every kind and status for Camille, a few for Lea. */
export async function seedRequests(db: Db): Promise<void> {
  await seedMemberRequests(db, 'mutua', DEMO_MEMBERS.camille, 'Mutua Santé', [...CAMILLE, ...fillerGroups(CAMILLE)]);
  await seedMemberRequests(db, 'azur', DEMO_MEMBERS.lea, 'Azur Prévoyance', LEA);
}
