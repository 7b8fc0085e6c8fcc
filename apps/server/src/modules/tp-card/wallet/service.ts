import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { capitalizeName } from '@mutua/contracts/names';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { beneficiaries } from '../../../db/schema';
import { walletPasses, walletRegistrations } from '../schema';
import { AppError } from '../../../lib/app-error';
import { openNir, tenantOfMember } from '../../../db/protected-fields';
import { parisDate } from '../../../lib/clock';
import { loadTpCard } from '../card';
import type { LifeContext, LifeDeps } from '../../contract-life/public';
import { walletCertificates, type WalletCertificates } from './certificates';
import { buildPass } from './pass';
import { ApnsPassPushNotifier, RecordingPassPushNotifier, type PassPushNotifier } from './push';

export type WalletDeps = LifeDeps & { config: Config; secret: string; certificates: WalletCertificates | null; push: PassPushNotifier };
type PassRow = typeof walletPasses.$inferSelect;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const TOKENS_KEPT = 5;

/** The push service from settings (APNs), else a recorder (development, tests), one per database. */
const pushers = new WeakMap<object, PassPushNotifier>();
export function passPushNotifierFor(db: Db, config: Config, certificates: WalletCertificates | null): PassPushNotifier {
  let push = pushers.get(db);
  if (!push) {
    push = config.WALLET_APNS_HOST && certificates ? new ApnsPassPushNotifier(config.WALLET_APNS_HOST, certificates) : new RecordingPassPushNotifier();
    pushers.set(db, push);
  }
  return push;
}
/** Tests: what the recording push receiver of this database got. */
export const recordedPasses = (db: Db) => {
  const push = pushers.get(db);
  return push instanceof RecordingPassPushNotifier ? push.sent : null;
};

export function walletDepsOf(deps: LifeDeps, config: Config, secret: string): WalletDeps {
  const certificates = walletCertificates(config);
  return { ...deps, config, secret, certificates, push: passPushNotifierFor(deps.db, config, certificates) };
}

async function principalOf(db: Db, memberId: string) {
  const [row] = await db
    .select()
    .from(beneficiaries)
    .where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.familyPosition, 1)));
  const nir = row?.nir ? await openNir(db, await tenantOfMember(db, memberId), 'beneficiaries', row.id, row.nir) : null;
  return {
    name: row ? `${capitalizeName(row.firstName)} ${capitalizeName(row.surName)}` : '',
    nir: nir ? `${nir}${row?.nirKey ? ` ${row.nirKey}` : ''}` : null,
  };
}

async function render(deps: WalletDeps, ctx: LifeContext, row: PassRow, token: string): Promise<Buffer> {
  if (!deps.certificates) throw new AppError('TP_CARD_UNAVAILABLE', 'Le pass Wallet n’est pas disponible.');
  const card = await loadTpCard(deps, ctx, deps.secret, row.memberId, row.insurerContract);
  return buildPass(
    {
      card,
      serialNumber: row.serialNumber,
      passTypeId: row.passTypeId,
      teamId: deps.config.WALLET_TEAM_ID,
      organizationName: ctx.tenant.name,
      brandColor: ctx.brand.primary,
      principal: await principalOf(deps.db, row.memberId),
      webServiceURL: `${ctx.origin}/api/wallet`,
      authenticationToken: token,
    },
    deps.certificates,
  );
}

/** GET /api/tp-card/wallet.pkpass: the member's pass, with a new authentication token (stored hashed). */
export async function memberPass(deps: WalletDeps, ctx: LifeContext): Promise<{ pass: Buffer; serialNumber: string }> {
  const card = await loadTpCard(deps, ctx, deps.secret);
  if (!card.dematerialised || !deps.certificates) throw new AppError('TP_CARD_UNAVAILABLE', 'Le pass Wallet n’est pas disponible.');
  const now = deps.clock.now();
  const token = randomBytes(24).toString('base64url');
  const hash = sha256(token);
  // One upsert: two downloads at once make one pass, and each keeps its token (added to the row's
  // current list, the last TOKENS_KEPT kept).
  const [row] = (await deps.db
    .insert(walletPasses)
    .values({
      serialNumber: randomUUID(),
      tenantId: ctx.tenant.id,
      memberId: ctx.memberId,
      insurerContract: card.insurerContract,
      passTypeId: deps.config.WALLET_PASS_TYPE_ID,
      authTokenHashes: [hash],
      updatedAt: now,
      validTo: card.validTo,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [walletPasses.memberId, walletPasses.insurerContract],
      set: {
        authTokenHashes: sql`(array_append(${walletPasses.authTokenHashes}, ${hash}::text))[greatest(1, cardinality(${walletPasses.authTokenHashes}) + 2 - ${TOKENS_KEPT}::int):]`,
        validTo: card.validTo,
      },
    })
    .returning()) as [PassRow];
  return { pass: await render(deps, ctx, row, token), serialNumber: row.serialNumber };
}

/** The pass a web-service call names, when its ApplePass token is one of that pass's (else null: 401). */
export async function authorisedPass(
  db: Db,
  tenantId: string,
  passTypeId: string,
  serialNumber: string,
  authorization: string | undefined,
): Promise<PassRow | null> {
  const token = /^ApplePass (\S{16,200})$/.exec(authorization ?? '')?.[1];
  if (!token) return null;
  const [row] = await db
    .select()
    .from(walletPasses)
    .where(and(eq(walletPasses.serialNumber, serialNumber), eq(walletPasses.passTypeId, passTypeId), eq(walletPasses.tenantId, tenantId)));
  return row && row.authTokenHashes.includes(sha256(token)) ? row : null;
}

/** Registers a device for a pass's updates: true when new (201), false when already registered (200). */
export async function registerDevice(db: Db, row: PassRow, deviceLibraryId: string, pushToken: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(walletRegistrations)
    .values({ deviceLibraryId, passTypeId: row.passTypeId, serialNumber: row.serialNumber, pushToken, createdAt: now })
    .onConflictDoUpdate({
      target: [walletRegistrations.deviceLibraryId, walletRegistrations.passTypeId, walletRegistrations.serialNumber],
      set: { pushToken },
      where: sql`false`,
    })
    .returning();
  if (inserted.length === 0) {
    await db
      .update(walletRegistrations)
      .set({ pushToken })
      .where(
        and(
          eq(walletRegistrations.deviceLibraryId, deviceLibraryId),
          eq(walletRegistrations.passTypeId, row.passTypeId),
          eq(walletRegistrations.serialNumber, row.serialNumber),
        ),
      );
  }
  return inserted.length > 0;
}

export async function unregisterDevice(db: Db, row: PassRow, deviceLibraryId: string): Promise<void> {
  await db
    .delete(walletRegistrations)
    .where(
      and(
        eq(walletRegistrations.deviceLibraryId, deviceLibraryId),
        eq(walletRegistrations.passTypeId, row.passTypeId),
        eq(walletRegistrations.serialNumber, row.serialNumber),
      ),
    );
}

/** The serials of the device's passes of this tenant changed after `since` (an update tag), and the newest tag. */
export async function updatedSerials(db: Db, tenantId: string, deviceLibraryId: string, passTypeId: string, since: number | null) {
  const rows = await db
    .select({ serialNumber: walletPasses.serialNumber, updateTag: walletPasses.updateTag })
    .from(walletRegistrations)
    .innerJoin(walletPasses, eq(walletPasses.serialNumber, walletRegistrations.serialNumber))
    .where(
      and(
        eq(walletRegistrations.deviceLibraryId, deviceLibraryId),
        eq(walletRegistrations.passTypeId, passTypeId),
        eq(walletPasses.tenantId, tenantId),
        since === null ? undefined : gt(walletPasses.updateTag, since),
      ),
    );
  if (rows.length === 0) return null;
  return { serialNumbers: rows.map((r) => r.serialNumber), lastUpdated: String(Math.max(...rows.map((r) => r.updateTag))) };
}

/** The latest pass for a device (the token it presented stays the pass's token). */
export async function devicePass(deps: WalletDeps, ctx: LifeContext, row: PassRow, authorization: string): Promise<Buffer> {
  return render(deps, ctx, row, authorization.slice('ApplePass '.length));
}

/**
 * Anything that changes what the card shows (another module: a renewal) moves the member's pass tags;
 * changes of beneficiaries and contracts do it by themselves (database triggers).
 */
export async function touchWalletPasses(db: Pick<Db, 'execute'>, memberId: string): Promise<void> {
  await db.execute(
    sql`UPDATE wallet_passes SET update_tag = nextval('wallet_pass_tag_seq'), updated_at = greatest(now(), updated_at + interval '1 second') WHERE member_id = ${memberId}`,
  );
}

/**
 * Renews the passes whose card expired (a new year's card), then pushes every changed pass to the
 * devices registered for it. Returns how many pushes were sent.
 */
export async function pushPassUpdates(db: Db, push: PassPushNotifier, now: Date): Promise<number> {
  const today = parisDate(now);
  await db.execute(
    sql`UPDATE wallet_passes SET update_tag = nextval('wallet_pass_tag_seq'), updated_at = greatest(now(), updated_at + interval '1 second'), valid_to = ${`${today.slice(0, 4)}-12-31`} WHERE valid_to < ${today}`,
  );
  const changed = await db.select().from(walletPasses).where(gt(walletPasses.updateTag, walletPasses.pushedTag));
  let sent = 0;
  for (const pass of changed) {
    const devices = await db.select().from(walletRegistrations).where(eq(walletRegistrations.serialNumber, pass.serialNumber));
    for (const device of devices) {
      await push.push({ pushToken: device.pushToken, passTypeId: device.passTypeId }).then(
        () => sent++,
        () => undefined,
      );
    }
    await db
      .update(walletPasses)
      .set({ pushedTag: pass.updateTag })
      .where(and(eq(walletPasses.serialNumber, pass.serialNumber), eq(walletPasses.pushedTag, pass.pushedTag)));
  }
  return sent;
}
