import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/* The column spellings every table repeats, written once (the owner references live beside their table: tenantRef, memberRef). */

/** A point in time, with its time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A generated UUID primary key. */
export const uuidPk = () => uuid('id').primaryKey().defaultRandom();

/** PostgreSQL bytea: Buffer with node-postgres, Uint8Array with PGlite; always a Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
