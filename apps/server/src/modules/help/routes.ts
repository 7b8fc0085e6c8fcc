import { ZAdviserCodeRequest, ZAdviserCodeResponse } from '@mutua/contracts/help';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { findMemberByIdentifier, issueAdviserCode } from './adviser-codes';

/**
 * POST /api/help/adviser-code (public): a code to read to a phone adviser. Signed in, for the session's
 * member; signed out, for the member a membership number or NIR designates — and the same answer
 * when it designates no one (a code that finds nobody), so the form tells nothing about who exists.
 */
export const helpRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'audit' | 'secret'>> = async (app, { db, clock, audit, secret }) => {
  app.post(
    '/adviser-code',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: 15 * 60_000 } },
      schema: { body: ZAdviserCodeRequest, response: { 200: ZAdviserCodeResponse } },
    },
    async (request) => {
      const tenantId = tenantOf(request).id;
      const session = request.session;
      const identifier = request.body.identifier;
      if (!session && !identifier) throw new AppError('VALIDATION_FAILED', 'Saisissez votre numéro d’adhérent ou votre numéro de sécurité sociale.');
      const memberId = session ? session.memberId : await findMemberByIdentifier(db, tenantId, identifier!);
      const issued = await issueAdviserCode(db, secret, { tenantId, memberId, now: clock.now() });
      // Both cases write one row, so they take the same time; the identifier itself is never logged.
      await audit.record(
        memberId
          ? { kind: 'ADVISER_CODE_ISSUED', tenantId, memberId, ip: request.ip, details: { via: session ? 'SESSION' : 'IDENTIFIER' } }
          : { kind: 'ADVISER_CODE_UNMATCHED', tenantId, ip: request.ip },
      );
      return { data: issued };
    },
  );
};
