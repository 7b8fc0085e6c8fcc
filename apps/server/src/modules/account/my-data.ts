import { myDataFileName } from '@mutua/contracts/account';
import { formatPersonName } from '@mutua/contracts/names';
import { asc, eq, inArray } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { openBeneficiaryNirs, openNir, tenantOfMember } from '../../db/protected-fields';
import type { DataMap } from '../../core/data-map';
import type { Db } from '../../db/client';
import {
  addresses,
  beneficiaries,
  beneficiaryAdditions,
  beneficiaryDeletions,
  contacts,
  contracts,
  lostCardDeclarations,
  memberAlerts,
  refunds,
  requestMessages,
  requestSteps,
  requestTypes,
  requests,
  teletransmissionRequests,
} from '../../db/schema';
import { identityOf } from './beneficiaries';
import { listMemberSentFiles } from '../documents/public';
import { exportedTables } from './data-map';
import { loadPersonalInfo } from './personal-info';
import { preferenceValues } from './preferences';

/*
 * « Télécharger mes données » (GDPR art. 15 and 20): what the member gave and what we hold about them,
 * machine-readable (JSON, CSV) in one ZIP, with the documents they sent. Never the password hash,
 * codes or audit rows of other people.
 */

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/** One CSV cell: quoted when it holds a separator, a quote or a line break; formulas neutralised. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

const README = `Vos données personnelles

Ce fichier contient les données que vous nous avez confiées et celles que nous détenons à votre sujet
(articles 15 et 20 du RGPD)\u00a0:
- profil.json\u00a0: votre identité, vos coordonnées, votre adresse et votre identifiant de connexion\u00a0;
- beneficiaires.json\u00a0: les personnes couvertes par votre contrat\u00a0;
- contrats.json\u00a0: vos contrats\u00a0;
- preferences.json\u00a0: vos préférences de communication\u00a0;
- demandes.json\u00a0: vos demandes, leurs étapes et vos échanges avec nos équipes\u00a0;
- notifications.json\u00a0: les messages qui vous ont été adressés dans votre espace\u00a0;
- remboursements.csv\u00a0: vos remboursements (séparateur point-virgule, montants en euros)\u00a0;
- documents/\u00a0: les documents que vous nous avez envoyés\u00a0;
- donnees/\u00a0: toutes les autres données que nous détenons à votre sujet (coordonnées bancaires, mandats,
  réclamations, résiliations, préférences, détails de vos demandes…), une table par fichier.
`;

export async function buildMyData(
  db: Db,
  dataMap: DataMap,
  ids: { memberId: string; accountId: string },
  today: string,
): Promise<{ fileName: string; content: Buffer }> {
  const memberId = ids.memberId;
  const [
    profile,
    familyStored,
    contactRows,
    addressRows,
    contractRows,
    prefs,
    requestRows,
    refundRows,
    sent,
    additionsStored,
    deletions,
    tele,
    lostCards,
    alerts,
  ] = await Promise.all([
    loadPersonalInfo(db, ids, today),
    db.select().from(beneficiaries).where(eq(beneficiaries.memberId, memberId)).orderBy(asc(beneficiaries.familyPosition)),
    db
      .select({ email: contacts.email, secondaryEmail: contacts.secondaryEmail, mobileNumber: contacts.mobileNumber, phoneNumber: contacts.phoneNumber })
      .from(contacts)
      .where(eq(contacts.memberId, memberId)),
    db
      .select({
        line1: addresses.line1,
        line2: addresses.line2,
        line3: addresses.line3,
        zipCode: addresses.zipCode,
        city: addresses.city,
        country: addresses.country,
        foreignResidence: addresses.foreignResidence,
      })
      .from(addresses)
      .where(eq(addresses.memberId, memberId)),
    db.select().from(contracts).where(eq(contracts.memberId, memberId)).orderBy(asc(contracts.familyPosition)),
    preferenceValues(db, memberId),
    db
      .select({
        id: requests.id,
        typeCode: requests.typeCode,
        kind: requestTypes.label,
        title: requests.title,
        status: requests.statusKey,
        createdAt: requests.createdAt,
        updatedAt: requests.updatedAt,
      })
      .from(requests)
      .innerJoin(requestTypes, eq(requestTypes.typeCode, requests.typeCode))
      .where(eq(requests.memberId, memberId))
      .orderBy(asc(requests.createdAt)),
    db.select().from(refunds).where(eq(refunds.memberId, memberId)).orderBy(asc(refunds.careDate), asc(refunds.reference)),
    listMemberSentFiles(db, memberId),
    db.select().from(beneficiaryAdditions).where(eq(beneficiaryAdditions.memberId, memberId)),
    db.select().from(beneficiaryDeletions).where(eq(beneficiaryDeletions.memberId, memberId)),
    db.select().from(teletransmissionRequests).where(eq(teletransmissionRequests.memberId, memberId)),
    db.select().from(lostCardDeclarations).where(eq(lostCardDeclarations.memberId, memberId)),
    db
      .select({
        level: memberAlerts.level,
        title: memberAlerts.title,
        message: memberAlerts.message,
        startsAt: memberAlerts.startsAt,
        endsAt: memberAlerts.endsAt,
      })
      .from(memberAlerts)
      .where(eq(memberAlerts.memberId, memberId))
      .orderBy(asc(memberAlerts.startsAt)),
  ]);
  // Stored encrypted (db/protected-fields.ts): the member gets them in clear.
  const tenantId = await tenantOfMember(db, memberId);
  const family = await openBeneficiaryNirs(db, tenantId, familyStored);
  const additions = await Promise.all(
    additionsStored.map(async (a) => ({ ...a, nir: await openNir(db, tenantId, 'beneficiary_additions', a.requestId, a.nir) })),
  );
  const requestIds = requestRows.map((r) => r.id);
  const [steps, messages] = requestIds.length
    ? await Promise.all([
        db.select().from(requestSteps).where(inArray(requestSteps.requestId, requestIds)).orderBy(asc(requestSteps.position)),
        db.select().from(requestMessages).where(inArray(requestMessages.requestId, requestIds)).orderBy(asc(requestMessages.createdAt)),
      ])
    : [[], []];
  const nameOf = new Map(family.map((b) => [b.id, formatPersonName(b)]));

  const files: Zippable = {
    'LISEZMOI.txt': strToU8(README),
    'profil.json': json({ ...profile, contacts: contactRows, adresses: addressRows }),
    'beneficiaires.json': json(
      family.map((b) => ({
        ...identityOf(b),
        nir: b.nir,
        nirKey: b.nirKey,
        insured: b.insured,
        teletransmission: b.teletransmission,
        organisationCode: b.organisationCode,
        otherMutual: b.otherMutual,
        useMainBankDetails: b.useMainBankDetails,
      })),
    ),
    'contrats.json': json(contractRows.map(({ id: _id, memberId: _m, ...c }) => c)),
    'preferences.json': json(prefs),
    'demandes.json': json(
      requestRows.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        steps: steps.filter((s) => s.requestId === r.id).map((s) => ({ label: s.label, date: s.occurredAt.toISOString() })),
        messages: messages
          .filter((m) => m.requestId === r.id)
          .map((m) => ({ from: m.direction === 'member' ? 'vous' : 'nos équipes', body: m.body, date: m.createdAt.toISOString() })),
        beneficiaryAddition: additions.find((a) => a.requestId === r.id) ?? undefined,
        beneficiaryDeletion: deletions.find((d) => d.requestId === r.id) ?? undefined,
        teletransmission: tele.find((t) => t.requestId === r.id) ?? undefined,
        lostCard: lostCards.find((l) => l.requestId === r.id) ?? undefined,
        documents: sent.filter((f) => f.requestId === r.id).map((f) => f.name),
      })),
    ),
    'notifications.json': json(alerts.map((a) => ({ ...a, startsAt: a.startsAt.toISOString(), endsAt: a.endsAt?.toISOString() ?? null }))),
    'remboursements.csv': strToU8(
      [
        '\ufeff' +
          [
            'Référence',
            'Bénéficiaire',
            'Date des soins',
            'Date de paiement',
            'Acte',
            'Dépense (€)',
            'Sécurité sociale (€)',
            'Autre mutuelle (€)',
            'Remboursement (€)',
            'Reste à charge (€)',
          ].join(';'),
        ...refundRows.map((r) =>
          [
            r.reference,
            nameOf.get(r.beneficiaryId) ?? '',
            r.careDate,
            r.paymentDate,
            r.actWording,
            euros(r.totalCostCents),
            euros(r.socialSecurityCents),
            euros(r.otherMutualCents),
            euros(r.productCents),
            euros(r.remainingChargeCents),
          ]
            .map(csvCell)
            .join(';'),
        ),
      ].join('\r\n') + '\r\n',
    ),
  };
  // Every other table holding the member's data (data-map.ts), as stored.
  for (const [name, rows] of Object.entries(await exportedTables(db, dataMap, tenantId, memberId))) files[name] = json(rows);
  // The documents the member sent, each under a unique name (two files may share one).
  const used = new Set<string>();
  for (const f of sent) {
    let name = f.name.replace(/[/\\]/g, '_');
    for (let i = 2; used.has(name); i++) name = f.name.replace(/(\.[a-z0-9]+)?$/i, `_${i}$1`);
    used.add(name);
    // Already compressed formats (PDF, images): stored, not deflated again.
    files[`documents/${name}`] = [new Uint8Array(f.content), { level: 0 }];
  }
  const zip = zipSync(files, { level: 6, mtime: new Date(`${today}T12:00:00Z`) });
  return { fileName: myDataFileName(profile.membershipNumber, today), content: Buffer.from(zip) };
}
