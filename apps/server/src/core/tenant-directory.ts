import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tenants, type Tenant } from '../db/schema';

/** How long an instance trusts its copy of a tenant: operator changes reach every instance within it. */
const TTL_MS = 1_000;

/** Host name → tenant, cached briefly so that init and heartbeat do not query the table each time. */
export class TenantDirectory {
  private cache = new Map<string, { tenant: Tenant | null; at: number }>();
  constructor(private readonly db: Db) {}

  async byHost(hostHeader: string | undefined): Promise<Tenant | null> {
    const host = normaliseHost(hostHeader);
    if (!host) return null;
    const hit = this.cache.get(host);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.tenant;
    const [tenant] = await this.db
      .select()
      .from(tenants)
      .where(sql`${host} = any(${tenants.hosts})`)
      .limit(1);
    this.cache.set(host, { tenant: tenant ?? null, at: Date.now() });
    return tenant ?? null;
  }

  async byId(id: string): Promise<Tenant | null> {
    const [tenant] = await this.db.select().from(tenants).where(eq(tenants.id, id));
    return tenant ?? null;
  }

  invalidate(): void {
    this.cache.clear();
  }
}

/** "Azur.localhost:8080" → "azur.localhost"; IPv6 literals keep their brackets. */
export function normaliseHost(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  const host = hostHeader.trim().toLowerCase();
  const withoutPort = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return withoutPort || null;
}
