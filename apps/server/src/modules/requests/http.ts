import { ERRORS, MESSAGE_ERRORS, REFUND_FILTER_ERRORS } from '@mutua/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { refunds, requests, storedFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit-log';

/*
 * HTTP helpers of the requests, documents and refunds routes: French validation messages, the 404 +
 * audit answer to someone else's resource, and download headers.
 */

/** Messages written for members in contracts; any other (zod's English defaults) becomes the generic one. */
const FRENCH_MESSAGES = new Set<string>([...Object.values(MESSAGE_ERRORS), ...Object.values(REFUND_FILTER_ERRORS)]);

export function frenchMessageOf(issues: readonly { message: string }[]): string {
  return issues.find((i) => FRENCH_MESSAGES.has(i.message))?.message ?? ERRORS.VALIDATION_FAILED.message;
}

/**
 * preHandler for routes declared with `attachValidation: true`: a failed schema answers 400
 * VALIDATION_FAILED with the contract's French message for the field (e.g. the date range rule).
 */
export async function frenchValidation(request: FastifyRequest): Promise<void> {
  const error = request.validationError as (Error & { validation?: { message: string }[] }) | undefined;
  if (error) throw new AppError('VALIDATION_FAILED', frenchMessageOf(error.validation ?? []));
}

/** Parses with a contract schema, throwing the French 400 on failure. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', frenchMessageOf(parsed.error.issues));
  return parsed.data;
}

export type GuardedResource = 'request' | 'document' | 'refund';

/** Audit kind of a refused access to a resource the member does not own (or that does not exist). */
export const ACCESS_DENIED_AUDIT_KIND = 'RESOURCE_ACCESS_DENIED';

async function existsAtAll(db: Db, resource: GuardedResource, id: string): Promise<boolean> {
  const table = resource === 'request' ? requests : resource === 'refund' ? refunds : storedFiles;
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return rows.length > 0;
}

/**
 * The member asked for a request, document or refund that is not theirs: an audit row (whether it
 * belongs to someone else or does not exist at all), then the same 404 in both cases.
 */
export async function denyAccess(db: Db, audit: AuditLog, request: FastifyRequest, resource: GuardedResource, id: string): Promise<never> {
  const session = request.session;
  await audit.record({
    kind: ACCESS_DENIED_AUDIT_KIND,
    tenantId: session?.tenantId ?? request.tenantOrNull?.id ?? null,
    memberId: session?.memberId ?? null,
    ip: request.ip,
    details: { resource, id, route: request.routeOptions.url, ownedByAnotherMember: await existsAtAll(db, resource, id) },
  });
  throw new AppError('NOT_FOUND');
}

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback plus the exact name. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
