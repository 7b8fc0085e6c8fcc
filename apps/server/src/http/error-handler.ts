import type { ApiErrorBody } from '@mutua/contracts/errors';
import { ERRORS, fieldErrorsOf } from '@mutua/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { isOverloadError, overloadAnswer } from '../lib/overload';
import { safeError } from '../lib/safe-error';
import { validationMessage } from './validation';

/**
 * Turns every failure into `{ error: { code, message } }`. A failed schema (body, query, params) is a
 * 400 VALIDATION_FAILED with the schema's French message; unexpected errors are logged without their
 * message (no SQL parameters, no personal data) and answer 500 INTERNAL. No database connection to be
 * had in time (the pool saturated) is an answer, not a fault: 503 OVERLOADED with Retry-After.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance, opts: { retryAfterS: number }) => {
  const overloaded = overloadAnswer(opts.retryAfterS);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError && error.code === 'OVERLOADED') return reply.status(503).headers(overloaded.headers).send(overloaded.body);
    if (error instanceof AppError) {
      const body: ApiErrorBody = { error: { code: error.code, message: error.message }, ...error.extra };
      return reply.status(error.statusCode).send(body);
    }
    if (error.code === 'FST_ERR_VALIDATION') {
      // A body's fields are named, so that the form shows each message under its field.
      const fields = error.validationContext === 'body' ? fieldErrorsOf(error.validation ?? []) : {};
      const body: ApiErrorBody = {
        error: { code: 'VALIDATION_FAILED', message: validationMessage(error.validation) },
        ...(Object.keys(fields).length > 0 && { fields }),
      };
      return reply.status(400).send(body);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: ERRORS.RATE_LIMITED.message } });
    }
    // Client mistakes fastify itself detects (bad JSON, body too large, wrong content type).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: { code: 'VALIDATION_FAILED', message: ERRORS.VALIDATION_FAILED.message } });
    }
    if (isOverloadError(error)) {
      request.log.warn({ err: safeError(error) }, 'overloaded: no database connection in time');
      return reply.status(503).headers(overloaded.headers).send(overloaded.body);
    }
    request.log.error({ err: safeError(error) }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: ERRORS.INTERNAL.message } });
  });
});
