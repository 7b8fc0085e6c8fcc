import {
  ZCreateAccountFinalStepRequest,
  ZCreateAccountFinalStepResponse,
  ZCreateAccountRequest,
  ZCreateAccountResponse,
  ZForgotLoginRequest,
  ZForgotPasswordRequest,
  ZGetLoginsQuery,
  ZGetLoginsResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZLoginUpdateRequest,
  ZLoginUpdateResponse,
  ZLogoutResponse,
  ZMfaStateResponse,
  ZOkResponse,
  ZPasswordUpdateRequest,
  ZProfileResponse,
  ZRegenerateMfaRequest,
  ZResetPasswordRequest,
  ZResetTokenQuery,
  ZResetTokenResponse,
  ZSelectEmailRequest,
  ZSentResponse,
  ZValidateMfaRequest,
  ZValidateMfaResponse,
} from '@mutua/contracts/auth';
import { ZLegalPagesAcceptRequest, ZLegalPagesAcceptResponse } from '@mutua/contracts/legal-pages';
import { ZPersonalInfoValidationRequest, ZPersonalInfoValidationResponse } from '@mutua/contracts/personal-info';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/sessions';
import { acceptLegalPages, savePersonalInfo } from '../members/public';
import { finishAccountCreation, loginChoices, requestAccountCreation, validateAccountCreation } from './account-creation';
import { changePassword, finishTutorial, profile, updateLogin } from './account-settings';
import { type AuthDeps, requestContext } from './context';
import { activateAccount, login, logout, openSessionWithCode } from './login';
import { regenerateCode, selectEmail } from './mfa';
import { checkResetToken, defineRecoveryTasks, forgotLogin, forgotPassword, resetPassword } from './recovery';

/** Per IP and route, shared by all instances: a ceiling above any human use of these forms. */
const rateLimit = { max: 60, timeWindow: 60_000 } as const;
/** The login group and recovery forms: anyone on the tenant's host, rate-limited. */
const limited = { access: 'public', rateLimit } as const;

/**
 * /api/auth/…: the login group (password step, e-mail code, session), account creation and recovery,
 * and the signed-in account changes the gates need. Anti-forgery applies to every POST/PUT.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const ctxOf = (request: FastifyRequest) => requestContext(request, deps.publicUrl);
  defineRecoveryTasks(deps);

  // ——— Login, code step, session ———

  app.post('/login', { config: limited, schema: { body: ZLoginRequest, response: { 200: ZLoginResponse } } }, async (request) => {
    const { login: identifier, password, spam_cleared } = request.body;
    return { data: await login(deps, ctxOf(request), { login: identifier, password, spamCleared: spam_cleared }) };
  });

  app.post('/select-email', { config: limited, schema: { body: ZSelectEmailRequest, response: { 200: ZMfaStateResponse } } }, async (request) => ({
    data: { mfa: await selectEmail(deps, ctxOf(request), request.body.sessionId, request.body.email) },
  }));

  app.post('/validate-mfa', { config: limited, schema: { body: ZValidateMfaRequest, response: { 200: ZValidateMfaResponse } } }, async (request, reply) => {
    await openSessionWithCode(deps, ctxOf(request), request, reply, request.body);
    return { data: { authenticated: true as const } };
  });

  app.post('/regenerate-mfa', { config: limited, schema: { body: ZRegenerateMfaRequest, response: { 200: ZMfaStateResponse } } }, async (request) => ({
    data: { mfa: await regenerateCode(deps, ctxOf(request), request.body.sessionId) },
  }));

  app.get('/logout', { config: { access: 'public' }, schema: { response: { 200: ZLogoutResponse } } }, async (request, reply) => ({
    data: { data: { url: await logout(deps, ctxOf(request), request, reply) } },
  }));

  app.post('/activate-account/affiliation', { config: limited, schema: { body: ZLoginRequest, response: { 200: ZLoginResponse } } }, async (request) => {
    const { login: identifier, password, spam_cleared } = request.body;
    return { data: await activateAccount(deps, ctxOf(request), { login: identifier, password, spamCleared: spam_cleared }) };
  });

  // ——— Recovery ———

  app.post('/login/forgot-login', { config: limited, schema: { body: ZForgotLoginRequest, response: { 200: ZSentResponse } } }, async (request) => {
    await forgotLogin(deps, ctxOf(request), request.body.email);
    return { data: { sent: true as const } };
  });

  app.post('/login/forgot-password', { config: limited, schema: { body: ZForgotPasswordRequest, response: { 200: ZSentResponse } } }, async (request) => {
    await forgotPassword(deps, ctxOf(request), request.body);
    return { data: { sent: true as const } };
  });

  app.get(
    '/login/forgot-password/reset-validation',
    { config: limited, schema: { querystring: ZResetTokenQuery, response: { 200: ZResetTokenResponse } } },
    async (request) => ({ data: { valid: true as const, expiresAt: (await checkResetToken(deps, ctxOf(request), request.query.token)).toISOString() } }),
  );

  app.post(
    '/login/forgot-password/reset-validation',
    { config: limited, schema: { body: ZResetPasswordRequest, response: { 200: ZOkResponse } } },
    async (request) => {
      await resetPassword(deps, ctxOf(request), request.body);
      return { data: { ok: true as const } };
    },
  );

  // ——— Account creation ———

  app.post(
    '/login/create-account-validation',
    { config: limited, schema: { body: ZCreateAccountRequest, response: { 200: ZCreateAccountResponse } } },
    async (request) => ({ data: { email: await validateAccountCreation(deps, ctxOf(request), request.body) } }),
  );

  app.post(
    '/login/create-account',
    { config: limited, schema: { body: ZCreateAccountRequest, response: { 200: ZCreateAccountResponse } } },
    async (request) => ({
      data: { email: await requestAccountCreation(deps, ctxOf(request), request.body) },
    }),
  );

  app.get('/login/get-logins', { config: limited, schema: { querystring: ZGetLoginsQuery, response: { 200: ZGetLoginsResponse } } }, async (request) => ({
    data: await loginChoices(deps, ctxOf(request), request.query.token),
  }));

  app.post(
    '/login/create-account-final-step',
    { config: limited, schema: { body: ZCreateAccountFinalStepRequest, response: { 200: ZCreateAccountFinalStepResponse } } },
    async (request) => ({ data: { login: await finishAccountCreation(deps, ctxOf(request), request.body) } }),
  );

  // ——— Signed in (a read-only staff session may read the profile, never change the account) ———

  app.get('/profile', { config: { access: 'member' }, schema: { response: { 200: ZProfileResponse } } }, async (request) => ({
    data: await profile(deps, sessionOf(request)),
  }));

  app.put(
    '/login/update',
    { config: { access: 'member-write' }, schema: { body: ZLoginUpdateRequest, response: { 200: ZLoginUpdateResponse } } },
    async (request) => ({
      data: await updateLogin(deps, ctxOf(request), sessionOf(request), request.body),
    }),
  );

  app.put(
    '/password',
    { config: { access: 'member-write', rateLimit }, schema: { body: ZPasswordUpdateRequest, response: { 200: ZOkResponse } } },
    async (request) => {
      await changePassword(deps, ctxOf(request), sessionOf(request), request.body);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/legal-pages/accept',
    { config: { access: 'member-write' }, schema: { body: ZLegalPagesAcceptRequest, response: { 200: ZLegalPagesAcceptResponse } } },
    async (request) => {
      const ctx = ctxOf(request);
      const session = sessionOf(request);
      const at = deps.clock.now();
      const accepted = await acceptLegalPages(deps.db, ctx.tenant.id, session.memberId, request.body.pages, at);
      await deps.audit.record({ kind: 'LEGAL_PAGES_ACCEPTED', tenantId: ctx.tenant.id, memberId: session.memberId, ip: ctx.ip, details: { pages: accepted } });
      return { data: { validatedLegalPages: true as const, acceptedAt: at.toISOString() } };
    },
  );

  app.post('/tutorial/finished', { config: { access: 'member-write' }, schema: { response: { 200: ZOkResponse } } }, async (request) => {
    await finishTutorial(deps, ctxOf(request), sessionOf(request));
    return { data: { ok: true as const } };
  });

  app.post(
    '/personal-info/validate',
    { config: { access: 'member-write' }, schema: { body: ZPersonalInfoValidationRequest, response: { 200: ZPersonalInfoValidationResponse } } },
    async (request) => {
      const ctx = ctxOf(request);
      const session = sessionOf(request);
      // Fills in missing contact data only; changing an e-mail or confirmed mobile goes through /api/contact-change.
      const { kept } = await savePersonalInfo(deps.db, session.memberId, request.body);
      await deps.audit.record({
        kind: 'PERSONAL_INFO_VALIDATED',
        tenantId: ctx.tenant.id,
        memberId: session.memberId,
        ip: ctx.ip,
        details: kept.length ? { kept } : undefined,
      });
      return { data: { invalidPersonalInformation: false as const } };
    },
  );
};
