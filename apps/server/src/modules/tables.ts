import { PgTable } from 'drizzle-orm/pg-core';
import * as kitTables from '../db/schema';
import { MODULES } from './index';

/**
 * Every drizzle table of the server: the ones under db/schema (the kit's, and the areas' not yet moved
 * into their module) and each module's own, declared in its manifest — so a new module's tables are
 * added in its folder, never in db/schema/index.ts (docs/decisions/050-tables-in-their-modules.md).
 */
export const ALL_TABLES: readonly PgTable[] = [kitTables, ...MODULES.map((m) => m.tables ?? {})].flatMap((group) =>
  Object.values(group).filter((value): value is PgTable => value instanceof PgTable),
);
