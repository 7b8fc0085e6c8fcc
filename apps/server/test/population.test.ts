import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POPULATION_PASSWORD, populationContext } from '../src/modules/population/context';
import { membershipNumberOf } from '../src/modules/population/families';
import { populationIban, populationNir } from '../src/modules/population/identity';
import { writeBatch, type BatchContext } from '../src/modules/population/write-batch';
import { signIn, type AuthClient } from './support/auth';
import { testDatabaseUrl, withDatabase } from './support/database';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The synthetic population stores what the application stores: NIRs, bank details and document bytes
 * sealed for their row under the tenant's key, so that its members read their own data in clear and a
 * dump of the database reads none of it.
 */
const POPULATION = 30;
/** On the first tenant (the multiples of 10 are on the second). */
const MEMBER = 7;

let t: TestApp;
let pool: pg.Pool;
let url: string;
let context: BatchContext;
let member: AuthClient;

describe.runIf(testDatabaseUrl())('the synthetic population (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] };
    url = withDatabase(testDatabaseUrl()!, rows[0].name);
    pool = new pg.Pool({ connectionString: url, max: 1 });
    context = await populationContext(pool, t.database.db);
    const client = await pool.connect();
    try {
      expect(await writeBatch(client, 1, POPULATION, context)).toBe(POPULATION);
      // Idempotent: the same range again writes nothing.
      expect(await writeBatch(client, 1, POPULATION, context)).toBe(0);
    } finally {
      client.release();
    }
    member = await signIn(t, membershipNumberOf(MEMBER), { password: POPULATION_PASSWORD });
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await t?.close();
  });

  it('a population member reads her bank details, NIR and document in clear, masked as the portal masks them', async () => {
    const { iban } = populationIban(MEMBER);
    const details = await member.get('/api/bank-details');
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().data.refund).toMatchObject({ ibanLast4: iban.slice(-4) });
    expect(details.json().data.refund.holder).toMatch(/^[A-ZÉ][a-zéèëïçâ]+ [A-ZÉ][a-zéèëïçâ]+$/);

    const info = await member.get('/api/personal-info');
    expect(info.statusCode, info.body).toBe(200);
    const main = await pool.query<{ sex: 'M' | 'F'; birth_date: string }>(
      `SELECT b.sex, to_char(b.birth_date, 'YYYY-MM-DD') AS birth_date FROM beneficiaries b JOIN members m ON m.id = b.member_id
       WHERE m.membership_number = $1 AND b.family_position = 1`,
      [membershipNumberOf(MEMBER)],
    );
    const { nir, nirKey } = populationNir(MEMBER * 4, main.rows[0]!.sex, main.rows[0]!.birth_date);
    expect(info.json().data.nirMasked).toBe(`••••••••••${nir.slice(-3)} ${nirKey}`);

    const [file] = (
      await pool.query<{ id: string }>(`SELECT f.id FROM stored_files f JOIN members m ON m.id = f.member_id WHERE m.membership_number = $1 LIMIT 1`, [
        membershipNumberOf(MEMBER),
      ])
    ).rows;
    const download = await member.get(`/api/requests/messages/file?documentId=${file!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(context.document.content)).toBe(true);
  });

  it('leaves no NIR, IBAN or document text of the population in a dump of the database', async () => {
    const people = await pool.query<{ seq: number; position: number; sex: 'M' | 'F'; birth_date: string }>(
      `SELECT m.membership_number::int - 90000000 AS seq, b.family_position AS position, b.sex, to_char(b.birth_date, 'YYYY-MM-DD') AS birth_date
       FROM beneficiaries b JOIN members m ON m.id = b.member_id WHERE m.membership_number >= $1`,
      [membershipNumberOf(1)],
    );
    expect(people.rows.length).toBeGreaterThanOrEqual(POPULATION);
    const dump = execFileSync('pg_dump', ['--format=plain', url], { maxBuffer: 512 * 1024 * 1024 });
    // The dump is readable: what is not encrypted is found in it (the search can fail).
    expect(dump.includes(membershipNumberOf(MEMBER))).toBe(true);
    for (const p of people.rows) {
      const { nir } = populationNir(p.seq * 4 + p.position - 1, p.sex, p.birth_date);
      expect(dump.includes(nir), nir).toBe(false);
    }
    for (let seq = 1; seq <= POPULATION; seq++) {
      const { iban } = populationIban(seq);
      expect(dump.includes(iban), iban).toBe(false);
    }
    // pg_dump writes bytea in hex: the clear document would show as its hex digits.
    expect(dump.includes(context.document.content.subarray(0, 64).toString('hex'))).toBe(false);
    expect(dump.includes('Attestation de droits')).toBe(true);
  });
});
