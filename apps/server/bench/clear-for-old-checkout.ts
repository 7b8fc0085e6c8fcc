/**
 * Prepares a COPY of a population database for a checkout older than encryption at rest, so that the
 * Monday-morning bench can run old and new main on the same members: the NIRs and bank details of the
 * bench's signed-in members (their sessions file) go back to clear text, as the old code stored them,
 * and the table the guarantees engine replaced is there again (empty), as the old code reads it.
 * Refuses a database whose name does not end in `_old`: run it on a copy, never on the population.
 *
 *   psql … -c 'CREATE DATABASE mutua_pop_old TEMPLATE mutua_pop_load'
 *   MASTER_KEY_FILE=… BENCH_OLD_DATABASE_URL=postgres://…/mutua_pop_old npx tsx bench/clear-for-old-checkout.ts
 */
import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { bankAccounts, beneficiaries } from '../src/db/schema';
import { isEncryptedText, useMasterKeys } from '../src/db/field-crypto';
import { fileMasterKeys } from '../src/lib/master-keys';
import { openBankFields, openNir } from '../src/db/protected-fields';
import { DEFAULT_SESSIONS_FILE, type PopulationSessions } from '../src/modules/population/sessions-file';

const url = process.env.BENCH_OLD_DATABASE_URL;
if (!url || !new URL(url).pathname.endsWith('_old')) throw new Error('BENCH_OLD_DATABASE_URL must name a copy whose name ends in _old');
if (!process.env.MASTER_KEY_FILE) throw new Error('MASTER_KEY_FILE: the key file the population was sealed with');
useMasterKeys(fileMasterKeys(process.env.MASTER_KEY_FILE));

const population = JSON.parse(readFileSync(process.env.BENCH_SESSIONS_FILE ?? DEFAULT_SESSIONS_FILE, 'utf8')) as PopulationSessions;
const byMember = new Map(population.sessions.map((s) => [s.memberId, s.tenantId]));
const database = await openDatabase({ databaseUrl: url });
const db = database.db;
await db.execute(sql`CREATE TABLE IF NOT EXISTS contract_guarantees (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE, product_number text NOT NULL, position smallint NOT NULL,
  category text NOT NULL, label text NOT NULL, value text NOT NULL, PRIMARY KEY (tenant_id, product_number, position))`);
let opened = 0;
const ids = [...byMember.keys()];
for (const person of await db.select().from(beneficiaries).where(inArray(beneficiaries.memberId, ids))) {
  if (!person.nir || !isEncryptedText(person.nir)) continue;
  const nir = await openNir(db, byMember.get(person.memberId)!, 'beneficiaries', person.id, person.nir);
  await db.update(beneficiaries).set({ nir }).where(eq(beneficiaries.id, person.id));
  opened++;
}
for (const account of await db.select().from(bankAccounts).where(inArray(bankAccounts.memberId, ids))) {
  if (!isEncryptedText(account.iban)) continue;
  const clear = await openBankFields(db, byMember.get(account.memberId)!, 'bank_accounts', account);
  await db.update(bankAccounts).set({ holder: clear.holder, iban: clear.iban, bic: clear.bic }).where(eq(bankAccounts.id, account.id));
  opened++;
}
await database.close();
console.log(`${opened} values back in clear for the ${ids.length} members of the sessions file`);
