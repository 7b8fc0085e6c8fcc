import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { AuditLog } from '../core/audit-log';
import type { GuardedTable } from '../core/module';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The member asked for a resource that is not theirs (or does not exist): an audit row saying
     * which, then the same 404 in both cases. `resource` is a name a module guards (its manifest).
     */
    denyAccess(resource: string, id: string): Promise<never>;
  }
}

/** Audit kind of a refused access to a resource the member does not own (or that does not exist). */
export const ACCESS_DENIED_AUDIT_KIND = 'RESOURCE_ACCESS_DENIED';

export type DenyAccessOptions = { db: Db; audit: AuditLog; guarded: ReadonlyMap<string, GuardedTable> };

export const denyAccessPlugin = fp(async (app: FastifyInstance, opts: DenyAccessOptions) => {
  const existsAtAll = async (resource: string, id: string) => {
    const table = opts.guarded.get(resource);
    if (!table) throw new Error(`no module guards the resource "${resource}"`);
    const rows = await opts.db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(eq(table.id, id))
      .limit(1);
    return rows.length > 0;
  };
  app.decorateRequest('denyAccess', async function (this: FastifyRequest, resource: string, id: string): Promise<never> {
    const session = this.session;
    await opts.audit.record({
      kind: ACCESS_DENIED_AUDIT_KIND,
      tenantId: session?.tenantId ?? this.tenantOrNull?.id ?? null,
      memberId: session?.memberId ?? null,
      ip: this.ip,
      details: { resource, id, route: this.routeOptions.url, ownedByAnotherMember: await existsAtAll(resource, id) },
    });
    throw new AppError('NOT_FOUND');
  });
});
