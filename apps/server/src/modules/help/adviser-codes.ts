import { ADVISER_CODE_ALPHABET, ADVISER_CODE_LENGTH, ADVISER_CODE_TTL_MINUTES, normaliseAdviserCode, type TAdviserCode } from '@mutua/contracts/help';
import { createHmac, randomInt } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { nirLookupHash } from '../../db/protected-fields';
import type { Db } from '../../db/client';
import { adviserCodes, beneficiaries, members } from '../../db/schema';

/** A new code: ADVISER_CODE_LENGTH characters of the unambiguous alphabet (31⁶ ≈ 887 million). */
export function newAdviserCode(): string {
  let code = '';
  for (let i = 0; i < ADVISER_CODE_LENGTH; i++) code += ADVISER_CODE_ALPHABET[randomInt(ADVISER_CODE_ALPHABET.length)];
  return code;
}

const hashOf = (secret: string, tenantId: string, code: string) => createHmac('sha256', secret).update(`adviser-code:${tenantId}:${code}`).digest('hex');

/** A fresh code and its expiry; stored (as an HMAC) only when a member is given. */
export async function issueAdviserCode(db: Db, secret: string, input: { tenantId: string; memberId: string | null; now: Date }): Promise<TAdviserCode> {
  const code = newAdviserCode();
  const expiresAt = new Date(input.now.getTime() + ADVISER_CODE_TTL_MINUTES * 60_000);
  if (input.memberId) {
    await db
      .insert(adviserCodes)
      .values({ tenantId: input.tenantId, memberId: input.memberId, codeHash: hashOf(secret, input.tenantId, code), createdAt: input.now, expiresAt });
  }
  return { code, expiresAt: expiresAt.toISOString() };
}

/**
 * The member of the tenant whose membership number, or one of whose insured people's social security
 * number (13 characters, or 15 with the key), is `identifier` (already normalised by the contract).
 */
export async function findMemberByIdentifier(db: Db, tenantId: string, identifier: string): Promise<string | null> {
  if (identifier.length === 8) {
    const [row] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.tenantId, tenantId), eq(members.membershipNumber, identifier)))
      .limit(1);
    return row?.id ?? null;
  }
  const nir = identifier.slice(0, 13);
  const key = identifier.length === 15 ? identifier.slice(13) : undefined;
  const [row] = await db
    .select({ id: members.id })
    .from(beneficiaries)
    .innerJoin(members, eq(members.id, beneficiaries.memberId))
    .where(
      and(
        eq(members.tenantId, tenantId),
        eq(beneficiaries.nirHmac, await nirLookupHash(db, tenantId, nir)),
        key === undefined ? undefined : eq(beneficiaries.nirKey, key),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export type AdviserCodeMatch = { memberId: string; membershipNumber: string; issuedAt: Date; expiresAt: Date };

/**
 * The back office's lookup: the member a code read on the phone designates, while it is valid
 * (case, spaces and dashes ignored); null for an unknown, expired or other tenant's code.
 */
export async function findMemberByAdviserCode(db: Db, secret: string, input: { tenantId: string; code: string; now: Date }): Promise<AdviserCodeMatch | null> {
  const code = normaliseAdviserCode(input.code);
  if (code.length !== ADVISER_CODE_LENGTH || [...code].some((c) => !ADVISER_CODE_ALPHABET.includes(c))) return null;
  const [row] = await db
    .select({
      memberId: adviserCodes.memberId,
      membershipNumber: members.membershipNumber,
      issuedAt: adviserCodes.createdAt,
      expiresAt: adviserCodes.expiresAt,
    })
    .from(adviserCodes)
    .innerJoin(members, eq(members.id, adviserCodes.memberId))
    .where(
      and(eq(adviserCodes.tenantId, input.tenantId), eq(adviserCodes.codeHash, hashOf(secret, input.tenantId, code)), gt(adviserCodes.expiresAt, input.now)),
    )
    .orderBy(desc(adviserCodes.createdAt))
    .limit(1);
  return row ?? null;
}
