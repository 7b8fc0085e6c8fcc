// Long because the family's reads and its four requests (add, remove, update, teletransmission) share the same rows and pending-request rules.
import {
  BENEFICIARY_PROFILE_INFO,
  DELETION_REASON_INFO,
  maskNir,
  type TBeneficiaryDocuments,
  type TBeneficiaryDeletionFields,
  type TBeneficiaryDetail,
  type TTeletransmissionChange,
  type addBeneficiaryFields,
} from '@mutua/contracts/account';
import { formatPersonName } from '@mutua/contracts/names';
import { statementFileName } from '@mutua/contracts/refunds';
import type { TeletransmissionState } from '@mutua/contracts/teletransmission-rules';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  beneficiaries,
  beneficiaryAdditions,
  beneficiaryDeletions,
  contracts,
  noemieStates,
  organisationCodes,
  refunds,
  requests,
  storedFiles,
  teletransmissionRequests,
} from '../../db/schema';
import type { InspectedUpload } from '../../http/upload-check';
import { AppError } from '../../lib/app-error';
import { openBeneficiaryNirs, openNir, sealNir, tenantOfMember } from '../../db/protected-fields';
import { orderBeneficiaries } from '../members/public';
import { submitMemberRequest } from '../requests/public';

/*
 * The family of one member: every function takes the member's id and touches only its rows. A request
 * is pending while its status is not 'done'.
 */

export const REQUEST_CODES = { teletransmission: 10000, addBeneficiary: 10003, deleteBeneficiary: 10004 } as const;

const pending = ne(requests.statusKey, 'done');

type Row = typeof beneficiaries.$inferSelect;

/** Who a covered person is, first in what the member's pages and data export show of them. */
export function identityOf({ familyPosition, rank, firstName, surName, legalName, birthDate, sex }: Row) {
  return { familyPosition, rank, firstName, surName, legalName, birthDate, sex };
}

async function familyRows(db: Db, memberId: string): Promise<Row[]> {
  return db.select().from(beneficiaries).where(eq(beneficiaries.memberId, memberId)).orderBy(asc(beneficiaries.familyPosition));
}

export async function findBeneficiary(db: Db, memberId: string, familyPosition: number): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(beneficiaries)
    .where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.familyPosition, familyPosition), eq(beneficiaries.insured, true)));
  return row ?? null;
}

/** The requests about one beneficiary: each row holds the member, the beneficiary and the request. */
type PerBeneficiaryRequests = typeof teletransmissionRequests | typeof beneficiaryDeletions;

/** A member's requests about one beneficiary (teletransmission, deletion) still pending, by beneficiary id. */
async function pendingPerBeneficiary<T extends PerBeneficiaryRequests>(db: Db, memberId: string, table: T): Promise<Map<string, T['$inferSelect']>> {
  // Drizzle cannot type a select over a union of tables: both have the columns read here.
  const asked = table as typeof teletransmissionRequests;
  const rows = await db
    .select({ row: asked })
    .from(asked)
    .innerJoin(requests, eq(requests.id, asked.requestId))
    .where(and(eq(asked.memberId, memberId), pending));
  return new Map(rows.map(({ row }) => [row.beneficiaryId, row as T['$inferSelect']]));
}

/**
 * Whether a request of this kind about the beneficiary, other than the one being created, is still pending.
 * The beneficiary's row is locked first, so that two concurrent requests cannot both see none.
 */
async function anotherPending(tx: Db, table: PerBeneficiaryRequests, beneficiaryId: string, requestId: string): Promise<boolean> {
  await tx.execute(sql`select id from beneficiaries where id = ${beneficiaryId} for update`);
  const asked = table as typeof teletransmissionRequests;
  const [other] = await tx
    .select({ id: asked.requestId })
    .from(asked)
    .innerJoin(requests, eq(requests.id, asked.requestId))
    .where(and(eq(asked.beneficiaryId, beneficiaryId), ne(asked.requestId, requestId), pending));
  return !!other;
}

/** What the fund's Noémie answer means for the member: connected is ACTIVE; asked, refused or ended as such. */
const FROM_NOEMIE = { CONNECTED: 'ACTIVE', REQUESTED: 'REQUESTED', REJECTED: 'REJECTED', DISCONNECTED: 'DISCONNECTED' } as const satisfies Record<
  string,
  TeletransmissionState
>;

/**
 * The one teletransmission state of each insured person, read by home, « Mes bénéficiaires » and
 * « Mes préférences »: the member's refusal, then their pending request, then the fund's last Noémie
 * answer, then what the contract records. Any screen that reads it elsewhere would tell another story.
 */
export async function teletransmissionOf(db: Db, memberId: string) {
  const [rows, requested, noemie] = await Promise.all([
    familyRows(db, memberId),
    pendingPerBeneficiary(db, memberId, teletransmissionRequests),
    db
      .select({ beneficiaryId: noemieStates.beneficiaryId, state: noemieStates.state, reason: noemieStates.reason, since: noemieStates.since })
      .from(noemieStates)
      .innerJoin(beneficiaries, eq(beneficiaries.id, noemieStates.beneficiaryId))
      .where(eq(beneficiaries.memberId, memberId)),
  ]);
  const fundOf = new Map(noemie.map((n) => [n.beneficiaryId, n]));
  return orderBeneficiaries(rows).map((b) => {
    const asked = requested.get(b.id);
    const fund = fundOf.get(b.id);
    const state: TeletransmissionState =
      b.teletransmission === 'NOT_WISHED' ? 'NOT_WISHED' : asked ? 'REQUESTED' : fund ? FROM_NOEMIE[fund.state] : b.teletransmission;
    const fundSays = !asked && b.teletransmission !== 'NOT_WISHED' && fund;
    return {
      beneficiaryId: b.id,
      insured: b.insured,
      familyPosition: b.familyPosition,
      firstName: b.firstName,
      surName: b.surName,
      state,
      reason: fundSays ? fund.reason : null,
      since: fundSays ? fund.since : null,
      organisationCode: asked?.organisationCode ?? b.organisationCode,
      otherMutual: asked?.otherMutual ?? b.otherMutual,
    };
  });
}

/** GET /api/beneficiaries: the insured family in the spec's order, with pending deletions and additions. */
export async function listBeneficiaries(db: Db, memberId: string) {
  const [rows, tele, deletions, additions] = await Promise.all([
    familyRows(db, memberId),
    teletransmissionOf(db, memberId),
    pendingPerBeneficiary(db, memberId, beneficiaryDeletions),
    db
      .select({
        requestId: beneficiaryAdditions.requestId,
        firstName: beneficiaryAdditions.firstName,
        surName: beneficiaryAdditions.surName,
        createdAt: beneficiaryAdditions.createdAt,
      })
      .from(beneficiaryAdditions)
      .innerJoin(requests, eq(requests.id, beneficiaryAdditions.requestId))
      .where(and(eq(beneficiaryAdditions.memberId, memberId), pending))
      .orderBy(asc(beneficiaryAdditions.createdAt)),
  ]);
  const teleOf = new Map(tele.map((t) => [t.familyPosition, t]));
  const people = rows.some((r) => r.nir) ? await openBeneficiaryNirs(db, await tenantOfMember(db, memberId), rows) : rows;
  const list: TBeneficiaryDetail[] = orderBeneficiaries(people).map((b) => {
    const deletion = deletions.get(b.id);
    return {
      ...identityOf(b),
      nirMasked: maskNir(b.nir, b.nirKey),
      teletransmission: teleOf.get(b.familyPosition)!,
      useMainBankDetails: b.useMainBankDetails,
      pendingDeletion: deletion ? { requestId: deletion.requestId, reason: deletion.reason, endDate: deletion.endDate } : null,
    };
  });
  return { beneficiaries: list, pendingAdditions: additions.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })) };
}

type AddFields = z.output<ReturnType<typeof addBeneficiaryFields>>;

/** The documents a form needs: at least one file per document listed for its profile or reason. */
export function checkDocuments(needed: readonly string[], files: readonly InspectedUpload[]) {
  if (files.length < Math.min(needed.length, 1)) throw new AppError('DOCUMENTS_REQUIRED');
}

/** POST /api/beneficiaries: an add-beneficiary request (10003) with the documents and its details. */
export async function requestAddition(
  db: Db,
  memberId: string,
  input: AddFields,
  files: readonly InspectedUpload[],
  opts: { idempotencyKey?: string | null; now: Date },
) {
  const profile = BENEFICIARY_PROFILE_INFO[input.profile];
  checkDocuments(profile.documents, files);
  const name = formatPersonName(input);
  const nir = input.ownNir || input.type === 'PARTNER' ? input.nir!.replace(/\s/g, '').toUpperCase() : null;
  const message = [
    `Ajout de ${name} (${profile.label.toLowerCase()}), né${input.sex === 'F' ? 'e' : ''} le ${input.birthDate.split('-').reverse().join('/')}.`,
    `Date d’adhésion souhaitée\u00a0: ${input.membershipStart.split('-').reverse().join('/')}.`,
    `Pièces jointes\u00a0: ${profile.documents.join(', ')}.`,
  ].join('\n');
  return submitMemberRequest(
    db,
    { memberId, typeCode: REQUEST_CODES.addBeneficiary, title: `Ajout d’un bénéficiaire\u00a0: ${name}`, message, files },
    {
      idempotencyKey: opts.idempotencyKey,
      now: opts.now,
      details: async (tx, created) => {
        const sealed = await sealNir(tx, await tenantOfMember(tx, memberId), 'beneficiary_additions', created.requestId, nir);
        await tx.insert(beneficiaryAdditions).values({
          requestId: created.requestId,
          memberId,
          type: input.type,
          profile: input.profile,
          firstName: input.firstName,
          surName: input.surName,
          sex: input.sex,
          birthDate: input.birthDate,
          ownNir: input.ownNir,
          nir: sealed.nir,
          nirKey: nir ? input.nirKey! : null,
          attachedParent: nir ? null : (input.attachedParent ?? null),
          membershipStart: input.membershipStart,
          otherCover: input.otherCover,
          alsaceMoselle: input.alsaceMoselle,
          createdAt: opts.now,
        });
        return { requestId: created.requestId, groupId: created.groupId };
      },
    },
  );
}

/**
 * POST /api/beneficiaries/{fp}/deletion: a deletion request (10004). The beneficiary row is locked
 * first, so that two concurrent requests cannot both see no pending deletion.
 */
export async function requestDeletion(
  db: Db,
  memberId: string,
  person: Row,
  input: TBeneficiaryDeletionFields,
  files: readonly InspectedUpload[],
  opts: { idempotencyKey?: string | null; now: Date },
) {
  if (person.rank === 'MAIN') throw new AppError('BENEFICIARY_NOT_DELETABLE');
  const reason = DELETION_REASON_INFO[input.reason];
  checkDocuments(reason.documents, files);
  const name = formatPersonName(person);
  return submitMemberRequest(
    db,
    {
      memberId,
      typeCode: REQUEST_CODES.deleteBeneficiary,
      title: `Suppression d’un bénéficiaire\u00a0: ${name}`,
      beneficiaryId: person.id,
      message: `Motif\u00a0: ${reason.label}. Fin d’adhésion souhaitée le ${input.endDate.split('-').reverse().join('/')}.`,
      files,
    },
    {
      idempotencyKey: opts.idempotencyKey,
      now: opts.now,
      details: async (tx, created) => {
        if (await anotherPending(tx, beneficiaryDeletions, person.id, created.requestId)) throw new AppError('BENEFICIARY_DELETION_PENDING');
        await tx
          .insert(beneficiaryDeletions)
          .values({ requestId: created.requestId, memberId, beneficiaryId: person.id, reason: input.reason, endDate: input.endDate, createdAt: opts.now });
        return { requestId: created.requestId, groupId: created.groupId };
      },
    },
  );
}

/** The fund a code designates: 6 digits (the last 3 optional) matched on the first 6. */
export async function findFund(db: Db, code: string) {
  const rows = await db
    .select()
    .from(organisationCodes)
    .where(sql`left(${organisationCodes.code}, 6) = ${code.slice(0, 6)}`)
    .orderBy(asc(organisationCodes.code));
  return rows.find((r) => r.code === code) ?? rows[0] ?? null;
}

/**
 * A teletransmission change for one person: NOT_WISHED is stored at once; REQUEST creates a request
 * (10000) for the insurer with the fund code, refused for unknown funds, funds without teletransmission
 * and while one is pending. Obsolete codes are accepted and replaced by their primary fund.
 */
export async function changeTeletransmission(
  db: Db,
  memberId: string,
  change: TTeletransmissionChange,
  opts: { idempotencyKey?: string | null; now: Date },
): Promise<string | null> {
  const person = await findBeneficiary(db, memberId, change.familyPosition);
  if (!person) throw new AppError('NOT_FOUND');
  if (change.action === 'NOT_WISHED') {
    await db.update(beneficiaries).set({ teletransmission: 'NOT_WISHED' }).where(eq(beneficiaries.id, person.id));
    return null;
  }
  const fund = await findFund(db, change.organisationCode);
  if (!fund) throw new AppError('ORGANISATION_CODE_UNKNOWN');
  const current = fund.obsolete && fund.replacedBy ? ((await findFund(db, fund.replacedBy)) ?? fund) : fund;
  if (!current.teletransmission) throw new AppError('ORGANISATION_NO_TELETRANSMISSION');
  const name = formatPersonName(person);
  const { data } = await submitMemberRequest(
    db,
    {
      memberId,
      typeCode: REQUEST_CODES.teletransmission,
      title: `Télétransmission\u00a0: ${name}`,
      beneficiaryId: person.id,
      message: `Demande de télétransmission avec ${current.label} (code ${current.code})${change.otherMutual ? ', bénéficiaire également couvert par une autre mutuelle' : ''}.`,
    },
    {
      idempotencyKey: opts.idempotencyKey,
      now: opts.now,
      details: async (tx, created) => {
        if (await anotherPending(tx, teletransmissionRequests, person.id, created.requestId)) throw new AppError('TELETRANSMISSION_PENDING');
        await tx.insert(teletransmissionRequests).values({
          requestId: created.requestId,
          memberId,
          beneficiaryId: person.id,
          organisationCode: current.code,
          otherMutual: change.otherMutual,
          createdAt: opts.now,
        });
        await tx
          .update(beneficiaries)
          .set({ otherMutual: change.otherMutual, ...(person.teletransmission === 'NOT_WISHED' ? { teletransmission: 'INACTIVE' as const } : {}) })
          .where(eq(beneficiaries.id, person.id));
        return { requestId: created.requestId, groupId: created.groupId };
      },
    },
  );
  return data.requestId;
}

/** PUT /api/beneficiaries/{fp}: usage name and refund bank details choice (stored), teletransmission. */
export async function updateBeneficiary(
  db: Db,
  memberId: string,
  person: Row,
  input: { legalName?: string | null; useMainBankDetails?: boolean; teletransmission?: TTeletransmissionChange },
  opts: { idempotencyKey?: string | null; now: Date },
) {
  const values = {
    ...(input.legalName !== undefined ? { legalName: input.legalName } : {}),
    ...(input.useMainBankDetails !== undefined ? { useMainBankDetails: input.useMainBankDetails } : {}),
  };
  // Teletransmission first: a refused change leaves the other fields as they were.
  const requestId = input.teletransmission
    ? await changeTeletransmission(db, memberId, { ...input.teletransmission, familyPosition: person.familyPosition }, opts)
    : null;
  if (Object.keys(values).length) await db.update(beneficiaries).set(values).where(eq(beneficiaries.id, person.id));
  return { requestId };
}

/**
 * GET /api/beneficiaries/{fp}/documents: the files about that person (sent with a request about them,
 * or tagged with them) and their latest refund statements (at most 12).
 */
export async function documentsOf(db: Db, memberId: string, person: Row): Promise<TBeneficiaryDocuments> {
  const [files, statements] = await Promise.all([
    db
      .select({ id: storedFiles.id, name: storedFiles.name, createdAt: storedFiles.createdAt, origin: storedFiles.origin, requestTitle: requests.title })
      .from(storedFiles)
      .leftJoin(requests, eq(requests.id, storedFiles.requestId))
      .where(and(eq(storedFiles.memberId, memberId), or(eq(storedFiles.beneficiaryId, person.id), eq(requests.beneficiaryId, person.id))))
      .orderBy(desc(storedFiles.createdAt)),
    db
      .select({
        refundId: refunds.id,
        reference: refunds.reference,
        paymentDate: refunds.paymentDate,
        careDate: refunds.careDate,
        actWording: refunds.actWording,
      })
      .from(refunds)
      .where(and(eq(refunds.memberId, memberId), eq(refunds.beneficiaryId, person.id)))
      .orderBy(desc(refunds.paymentDate), desc(refunds.reference))
      .limit(12),
  ]);
  return {
    files: files.map((f) => ({ id: f.id, name: f.name, date: f.createdAt.toISOString(), origin: f.origin, requestTitle: f.requestTitle })),
    statements: statements.map((s) => ({ ...s, fileName: statementFileName(s) })),
  };
}

/**
 * The insurer accepted an add-beneficiary request (10003, from the back office): the person joins the
 * family at the next position, insured from the membership date asked, under the contract the main
 * insured holds (one contract row per person, as the family was created). Runs in the caller's
 * transaction; null when the request carries no addition of this member.
 */
export async function acceptBeneficiaryAddition(
  tx: Db,
  input: { requestId: string; memberId: string },
): Promise<{ beneficiaryId: string; familyPosition: number } | null> {
  const [addition] = await tx
    .select()
    .from(beneficiaryAdditions)
    .where(and(eq(beneficiaryAdditions.requestId, input.requestId), eq(beneficiaryAdditions.memberId, input.memberId)));
  if (!addition) return null;
  const [last] = await tx
    .select({ position: beneficiaries.familyPosition })
    .from(beneficiaries)
    .where(eq(beneficiaries.memberId, input.memberId))
    .orderBy(desc(beneficiaries.familyPosition))
    .limit(1);
  const familyPosition = (last?.position ?? 0) + 1;
  const tenantId = await tenantOfMember(tx, input.memberId);
  const id = randomUUID();
  const nir = await openNir(tx, tenantId, 'beneficiary_additions', addition.requestId, addition.nir);
  const sealed = await sealNir(tx, tenantId, 'beneficiaries', id, nir);
  const [created] = await tx
    .insert(beneficiaries)
    .values({
      id,
      memberId: input.memberId,
      familyPosition,
      rank: addition.type,
      firstName: addition.firstName,
      surName: addition.surName,
      birthDate: addition.birthDate,
      sex: addition.sex,
      nir: sealed.nir,
      nirHmac: sealed.nirHmac,
      nirKey: addition.nirKey,
      otherMutual: addition.otherCover === 'OTHER_MUTUAL',
    })
    .returning({ id: beneficiaries.id });
  const [main] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.memberId, input.memberId), eq(contracts.familyPosition, 1)))
    .limit(1);
  if (main) {
    const { id: _id, familyPosition: _fp, incomingDate: _in, outgoingDate: _out, ...contract } = main;
    await tx.insert(contracts).values({ ...contract, familyPosition, incomingDate: addition.membershipStart, outgoingDate: null });
  }
  return { beneficiaryId: created!.id, familyPosition };
}
