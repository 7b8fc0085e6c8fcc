import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from './ports';

/** A PostgreSQL database of its own for one server instance, on a server reachable over TCP. */
export type ProvisionedDatabase = {
  kind: 'postgres' | 'pglite-socket';
  /** Connection URL (postgres://…) of the fresh database. */
  url: string;
  host: string;
  port: number;
  drop(): Promise<void>;
};

/** The same URL with another host and port: how an instance is pointed at the database through a proxy. */
export function viaHostPort(url: string, host: string, port: number): string {
  const u = new URL(url);
  u.hostname = host;
  u.port = String(port);
  return u.toString();
}

/**
 * A fresh database on the PostgreSQL server named by E2E_DATABASE_URL (CI starts one), or, when it is
 * not set, an embedded PGlite served over TCP by @electric-sql/pglite-socket, so the tests that need a
 * database server never skip.
 */
export async function provisionDatabase(preferredPort: number): Promise<ProvisionedDatabase> {
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (serverUrl) {
    const name = `mutua_e2e_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    return {
      kind: 'postgres',
      url: u.toString(),
      host: u.hostname,
      port: Number(u.port || 5432),
      drop: async () => {
        const again = new pg.Client({ connectionString: serverUrl });
        await again.connect();
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await again.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create();
  const port = await freePort(preferredPort);
  // PGlite is one session; the socket server queues the queries of several client connections.
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 32 });
  await server.start();
  return {
    kind: 'pglite-socket',
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    host: '127.0.0.1',
    port,
    drop: async () => {
      await server.stop();
      await db.close();
    },
  };
}
