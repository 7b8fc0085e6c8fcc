import {
  ZBeneficiariesResponse,
  ZBeneficiaryDocumentsResponse,
  ZBeneficiaryDeletionFields,
  ZBeneficiaryUpdate,
  ZFamilyPositionParams,
  ZLostCardDeclaration,
  ZLostCardDeclared,
  ZOrganisationCodeQuery,
  ZOrganisationFundsResponse,
  ZPersonalInfoResponse,
  ZPersonalInfoUpdate,
  ZPersonalInfoUpdateResponse,
  ZPostalCodeParams,
  ZPostalCodeResponse,
  ZPreferencesResponse,
  ZPreferencesUpdate,
  ZPreferencesUpdateResponse,
  ZRequestCreated,
  CARD_FORMAT_LABELS,
  addBeneficiaryFields,
} from '@mutua/contracts/account';
import { ZAccountClosure } from '@mutua/contracts/account-closure';
import { isFeatureEnabled, type FeatureId } from '@mutua/contracts/features';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordMemberAct } from '../auth/public';
import { sendAttachment } from '../../http/attachment';
import { acceptMultipart, readForm } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { changeTeletransmission, documentsOf, findBeneficiary, listBeneficiaries, requestAddition, requestDeletion, updateBeneficiary } from './beneficiaries';
import { membershipCertificate } from './certificate';
import { idempotencyKeyOf, submitMemberRequest } from '../requests/public';
import { buildMyData } from './my-data';
import { closeAccount } from './closure';
import { searchFunds } from './organisation-codes';
import { contractStartOf, hasRunningContract, loadPersonalInfo, savePersonalInfo } from './personal-info';
import { communesOf } from './postal-codes';
import { declareLostCard, loadPreferences, saveChannels } from './preferences';
import { READ, WRITE } from '../../http/access-presets';

/**
 * The account area: beneficiaries (BENEFICIARIES toggle; adding: BENEFICIARIES_ADD), personal
 * information and postal codes, the membership certificate, preferences and teletransmission with the
 * organisation-code search, and « my data » (GDPR). Every write is member-write; every change the
 * insurer acts on is a request (10000, 10001, 10003, 10004) with its documents.
 */
export const accountRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'audit' | 'dataMap'>> = async (app, { db, clock, audit, dataMap }) => {
  await acceptMultipart(app);
  const today = () => parisDate(clock.now());
  const requireFeature = (request: FastifyRequest, id: FeatureId) => {
    if (!isFeatureEnabled(tenantOf(request).features, id)) throw new AppError('FORBIDDEN');
  };
  const auditOf = (request: FastifyRequest, kind: string, details?: Record<string, unknown>) => recordMemberAct(audit, request, kind, details);
  const person = async (request: FastifyRequest, familyPosition: number) => {
    const found = await findBeneficiary(db, sessionOf(request).memberId, familyPosition);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  };

  // ── Beneficiaries ──

  app.get('/beneficiaries', { config: READ, schema: { response: { 200: ZBeneficiariesResponse } } }, async (request) => {
    requireFeature(request, 'BENEFICIARIES');
    const list = await listBeneficiaries(db, sessionOf(request).memberId);
    return { data: { ...list, canAdd: isFeatureEnabled(tenantOf(request).features, 'BENEFICIARIES_ADD') } };
  });

  /** Multipart: the form's fields and the documents of the profile ("files"). */
  app.post('/beneficiaries', { config: WRITE, schema: { response: { 201: ZRequestCreated } } }, async (request, reply) => {
    requireFeature(request, 'BENEFICIARIES');
    requireFeature(request, 'BENEFICIARIES_ADD');
    const form = await readForm(request, addBeneficiaryFields(today(), await contractStartOf(db, sessionOf(request).memberId, today())), { maxFields: 16 });
    const { data } = await requestAddition(db, sessionOf(request).memberId, form.fields, form.files, {
      idempotencyKey: idempotencyKeyOf(request),
      now: clock.now(),
    });
    await auditOf(request, 'BENEFICIARY_ADDITION_REQUESTED', { requestId: data.requestId, profile: form.fields.profile });
    return reply.status(201).send({ data });
  });

  app.put(
    '/beneficiaries/:familyPosition',
    { config: WRITE, schema: { params: ZFamilyPositionParams, body: ZBeneficiaryUpdate, response: { 200: ZBeneficiariesResponse } } },
    async (request) => {
      requireFeature(request, 'BENEFICIARIES');
      const memberId = sessionOf(request).memberId;
      const found = await person(request, request.params.familyPosition);
      const { requestId } = await updateBeneficiary(db, memberId, found, request.body, { idempotencyKey: idempotencyKeyOf(request), now: clock.now() });
      await auditOf(request, 'BENEFICIARY_UPDATED', { familyPosition: found.familyPosition, fields: Object.keys(request.body), requestId });
      return { data: { ...(await listBeneficiaries(db, memberId)), canAdd: isFeatureEnabled(tenantOf(request).features, 'BENEFICIARIES_ADD') } };
    },
  );

  app.get(
    '/beneficiaries/:familyPosition/documents',
    { config: READ, schema: { params: ZFamilyPositionParams, response: { 200: ZBeneficiaryDocumentsResponse } } },
    async (request) => {
      requireFeature(request, 'BENEFICIARIES');
      const found = await person(request, request.params.familyPosition);
      return { data: await documentsOf(db, sessionOf(request).memberId, found) };
    },
  );

  /** Multipart: reason, end date and the reason's documents ("files"). */
  app.post(
    '/beneficiaries/:familyPosition/deletion',
    { config: WRITE, schema: { params: ZFamilyPositionParams, response: { 201: ZRequestCreated } } },
    async (request, reply) => {
      requireFeature(request, 'BENEFICIARIES');
      const found = await person(request, request.params.familyPosition);
      const form = await readForm(request, ZBeneficiaryDeletionFields);
      const { data } = await requestDeletion(db, sessionOf(request).memberId, found, form.fields, form.files, {
        idempotencyKey: idempotencyKeyOf(request),
        now: clock.now(),
      });
      await auditOf(request, 'BENEFICIARY_DELETION_REQUESTED', { requestId: data.requestId, familyPosition: found.familyPosition, reason: form.fields.reason });
      return reply.status(201).send({ data });
    },
  );

  // ── Personal information ──

  app.get('/personal-info', { config: READ, schema: { response: { 200: ZPersonalInfoResponse } } }, async (request) => {
    const session = sessionOf(request);
    return { data: await loadPersonalInfo(db, session, today(), isFeatureEnabled(tenantOf(request).features, 'NIR_LOGIN')) };
  });

  app.put('/personal-info', { config: WRITE, schema: { body: ZPersonalInfoUpdate, response: { 200: ZPersonalInfoUpdateResponse } } }, async (request) => {
    const session = sessionOf(request);
    const { zipCodeChanged } = await savePersonalInfo(db, session.memberId, request.body);
    await auditOf(request, 'PERSONAL_INFO_UPDATED', { zipCodeChanged });
    return { data: { ...(await loadPersonalInfo(db, session, today(), isFeatureEnabled(tenantOf(request).features, 'NIR_LOGIN'))), zipCodeChanged } };
  });

  app.get('/postal-codes/:code', { config: READ, schema: { params: ZPostalCodeParams, response: { 200: ZPostalCodeResponse } } }, async (request) => ({
    data: communesOf(request.params.code),
  }));

  app.get('/membership-certificate', { config: READ }, async (request, reply) => {
    const memberId = sessionOf(request).memberId;
    if (!(await hasRunningContract(db, memberId, today()))) throw new AppError('CERTIFICATE_UNAVAILABLE');
    const { fileName, content } = await membershipCertificate(db, memberId, tenantOf(request).name, today());
    await auditOf(request, 'MEMBERSHIP_CERTIFICATE_DOWNLOADED');
    return sendAttachment(reply, { contentType: 'application/pdf', nameFile: fileName, content });
  });

  // ── Preferences and teletransmission ──

  app.get('/preferences', { config: READ, schema: { response: { 200: ZPreferencesResponse } } }, async (request) => ({
    data: await loadPreferences(db, sessionOf(request).memberId),
  }));

  app.put('/preferences', { config: WRITE, schema: { body: ZPreferencesUpdate, response: { 200: ZPreferencesUpdateResponse } } }, async (request) => {
    const memberId = sessionOf(request).memberId;
    const { teletransmission, ...channels } = request.body;
    const now = clock.now();
    const requestIds: string[] = [];
    // Teletransmission first: a refused change stores nothing else.
    if (teletransmission) {
      const id = await changeTeletransmission(db, memberId, teletransmission, { idempotencyKey: idempotencyKeyOf(request), now });
      if (id) requestIds.push(id);
    }
    const current = await loadPreferences(db, memberId);
    if (channels.cardFormat && channels.cardFormat !== current.cardFormat) {
      // The card's format is the insurer's to change: a request (10001), the choice stored with it.
      const { data } = await submitMemberRequest(
        db,
        {
          memberId,
          typeCode: 10001,
          title: `Carte de tiers payant\u00a0: format ${CARD_FORMAT_LABELS[channels.cardFormat].toLowerCase()}`,
          message: `Je souhaite recevoir ma carte de tiers payant au format ${CARD_FORMAT_LABELS[channels.cardFormat].toLowerCase()}.`,
        },
        {
          now,
          idempotencyKey: teletransmission ? null : idempotencyKeyOf(request),
          details: async (tx, created) => (await saveChannels(tx, memberId, channels, now), created),
        },
      );
      requestIds.push(data.requestId);
    } else await saveChannels(db, memberId, channels, now);
    await auditOf(request, 'PREFERENCES_UPDATED', { fields: Object.keys(request.body), requestIds });
    return { data: { ...(await loadPreferences(db, memberId)), requestIds } };
  });

  /** The lost card: a card request (10001), audited; one pending at a time. */
  app.post(
    '/preferences/lost-card',
    { config: WRITE, schema: { body: ZLostCardDeclaration, response: { 201: ZLostCardDeclared } } },
    async (request, reply) => {
      const data = await declareLostCard(db, sessionOf(request).memberId, request.body, { idempotencyKey: idempotencyKeyOf(request), now: clock.now() });
      await auditOf(request, 'TP_CARD_LOST_DECLARED', { requestId: data.requestId, sendPaperCard: data.sendPaperCard });
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/organisation-codes',
    { config: READ, schema: { querystring: ZOrganisationCodeQuery, response: { 200: ZOrganisationFundsResponse } } },
    async (request) => ({
      data: await searchFunds(db, request.query.q),
    }),
  );

  // ── My data (GDPR art. 15 and 20) ──

  app.get('/my-data', { config: READ }, async (request, reply) => {
    const session = sessionOf(request);
    const started = Date.now();
    const { fileName, content } = await buildMyData(db, dataMap, session, today());
    await auditOf(request, 'MY_DATA_EXPORTED', { bytes: content.length, ms: Date.now() - started });
    return sendAttachment(reply, { contentType: 'application/zip', nameFile: fileName, content });
  });

  // ── Closing the account (GDPR art. 17) ──

  app.post('/account/closure', { config: WRITE, schema: { body: ZAccountClosure } }, async (request, reply) => {
    const session = sessionOf(request);
    // Erasing an account is the member's own decision: never taken by a staff member, not even in derogation.
    if (session.isBoAuthentication) {
      await auditOf(request, 'ACCOUNT_CLOSURE_REFUSED', { reason: 'BACK_OFFICE_SESSION' });
      throw new AppError('FORBIDDEN');
    }
    const ids = { tenantId: tenantOf(request).id, memberId: session.memberId, accountId: session.accountId };
    let outcome: Awaited<ReturnType<typeof closeAccount>>;
    try {
      outcome = await closeAccount(db, clock, ids, request.body.password);
    } catch (error) {
      if (error instanceof AppError) await auditOf(request, 'ACCOUNT_CLOSURE_REFUSED', { reason: error.code });
      throw error;
    }
    // The audit trail is kept (its own period): who closed, when, from where — once, whatever the repeats.
    if (outcome === 'closed') await audit.record({ kind: 'ACCOUNT_CLOSED', tenantId: ids.tenantId, memberId: ids.memberId, ip: request.ip });
    request.session = null;
    reply.clearSessionCookies();
    reply.issueXsrfToken();
    return { data: { closed: true } };
  });
};
