import { randomUUID } from 'node:crypto';
import { sealNir } from '../protected-fields';
import type { Db } from '../client';
import { accounts, addresses, beneficiaries, beneficiaryProducts, contacts, contracts, members, type BeneficiaryRank } from '../schema';

/*
 * The one way to create a member (family, contact, address, contracts) and an account: the demo data
 * and the tests' createTestMember both use it, so a new column is filled in one place.
 */

export type NewPerson = { rank: BeneficiaryRank; firstName: string; surName: string; birthDate: string; sex: 'M' | 'F'; nir: string; nirKey: string };

export type NewMember = {
  tenantId: string;
  membershipNumber: string;
  /** The main insured first; each person gets the family position of its index + 1 and a contract line. */
  people: readonly NewPerson[];
  contact: { email: string | null; secondaryEmail?: string | null; mobileNumber: string | null };
  address: { line1: string | null; zipCode: string | null; city: string | null };
  contract: {
    kind: 'COLLECTIVE' | 'INDIVIDUAL';
    label: string;
    insurerContract: string;
    productNumber: string;
    companyId?: string | null;
    incomingDate?: string;
  };
  /** The guarantees product every person holds from the contract's start (ESSENTIEL by default). */
  guaranteeProduct?: string;
  /** The compulsory scheme of every person (GENERAL by default). */
  regime?: 'GENERAL' | 'ALSACE_MOSELLE';
};

export async function insertMember(db: Db, m: NewMember): Promise<{ memberId: string }> {
  const [member] = await db.insert(members).values({ tenantId: m.tenantId, membershipNumber: m.membershipNumber }).returning({ id: members.id });
  const memberId = member!.id;
  // The id is chosen here: the NIR's ciphertext is bound to its row.
  const people = await Promise.all(
    m.people.map(async (p, i) => {
      const id = randomUUID();
      const sealed = await sealNir(db, m.tenantId, 'beneficiaries', id, p.nir);
      return {
        id,
        memberId,
        familyPosition: i + 1,
        ...p,
        ...sealed,
        teletransmission: 'ACTIVE' as const,
        organisationCode: '751',
        regime: m.regime ?? 'GENERAL',
      };
    }),
  );
  await db.insert(beneficiaries).values(people);
  await db.insert(contacts).values({ memberId, secondaryEmail: null, ...m.contact });
  await db.insert(addresses).values({ memberId, ...m.address });
  await db.insert(contracts).values(
    m.people.map((_, i) => ({
      memberId,
      familyPosition: i + 1,
      kind: m.contract.kind,
      label: m.contract.label,
      insurerContract: m.contract.insurerContract,
      productNumber: m.contract.productNumber,
      companyId: m.contract.companyId ?? null,
      baseOptionCode: 'BASE',
      incomingDate: m.contract.incomingDate ?? '2024-01-01',
      outgoingDate: null,
    })),
  );
  await db.insert(beneficiaryProducts).values(
    m.people.map((_, i) => ({
      memberId,
      familyPosition: i + 1,
      productCode: m.guaranteeProduct ?? 'ESSENTIEL',
      validFrom: m.contract.incomingDate ?? '2024-01-01',
      validTo: null,
    })),
  );
  return { memberId };
}

export type NewAccount = typeof accounts.$inferInsert;

export async function insertAccount(db: Db, a: NewAccount): Promise<{ accountId: string }> {
  const [account] = await db.insert(accounts).values(a).returning({ id: accounts.id });
  return { accountId: account!.id };
}
