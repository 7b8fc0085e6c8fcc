import type { ApiErrorBody } from '@mutua/contracts';
import { ERRORS } from '@mutua/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

/** Turns every failure into `{ error: { code, message } }`; unexpected ones are logged, not shown. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { error: { code: error.code, message: error.message }, ...error.extra };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.code === 'FST_ERR_VALIDATION') {
      return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message: ERRORS.VALIDATION_FAILED.message } });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: ERRORS.RATE_LIMITED.message } });
    }
    // Client mistakes fastify itself detects (bad JSON, body too large, wrong content type).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: { code: 'VALIDATION_FAILED', message: ERRORS.VALIDATION_FAILED.message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: ERRORS.INTERNAL.message } });
  });
});
