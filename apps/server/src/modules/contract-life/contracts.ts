import { nextDueDate, terminationDatesByReason, type TContract, type TContractsAnswer } from '@mutua/contracts/termination';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, contractOptions, contractProducts, contracts, members, terminations } from '../../db/schema';
import { guaranteeTablesByPerson } from '../guarantees/public';

/** Product settings with their defaults (1 January due date, online termination allowed). */
export async function productSettings(db: Db, tenantId: string, productNumber: string) {
  const [row] = await db
    .select()
    .from(contractProducts)
    .where(and(eq(contractProducts.tenantId, tenantId), eq(contractProducts.productNumber, productNumber)));
  return { dueMonthDay: row?.dueMonthDay ?? '01-01', terminationDisabledReason: row?.terminationDisabledReason ?? null };
}

/**
 * The member's health contracts from the database (contractual-info, GET /api/contracts): one entry
 * per contract reference with the persons it covers, its options, its guarantees (null for a
 * collective contract: from HR), and whether it can be terminated online (and why not).
 */
export async function loadContracts(db: Db, tenantId: string, memberId: string, today: string): Promise<TContractsAnswer> {
  const [member] = await db.select({ membershipNumber: members.membershipNumber }).from(members).where(eq(members.id, memberId));
  const lines = await db
    .select({
      insurerContract: contracts.insurerContract,
      label: contracts.label,
      kind: contracts.kind,
      productNumber: contracts.productNumber,
      incomingDate: contracts.incomingDate,
      outgoingDate: contracts.outgoingDate,
      familyPosition: contracts.familyPosition,
      firstName: beneficiaries.firstName,
      surName: beneficiaries.surName,
      rank: beneficiaries.rank,
    })
    .from(contracts)
    .innerJoin(beneficiaries, and(eq(beneficiaries.memberId, contracts.memberId), eq(beneficiaries.familyPosition, contracts.familyPosition)))
    .where(eq(contracts.memberId, memberId))
    .orderBy(asc(contracts.incomingDate), asc(contracts.familyPosition));
  const options = await db
    .select()
    .from(contractOptions)
    .where(eq(contractOptions.memberId, memberId))
    .orderBy(asc(contractOptions.startDate), asc(contractOptions.code));
  const pending = await db
    .select({ insurerContract: terminations.insurerContract, kind: terminations.kind, optionCodes: terminations.optionCodes })
    .from(terminations)
    .where(and(eq(terminations.memberId, memberId), eq(terminations.status, 'CONFIRMED')));
  const products = [...new Set(lines.map((l) => l.productNumber))];
  const productRows = products.length
    ? await db
        .select()
        .from(contractProducts)
        .where(and(eq(contractProducts.tenantId, tenantId), inArray(contractProducts.productNumber, products)))
    : [];
  // The guarantees table comes from the product each person holds (structured data, examples computed by the engine).
  const tables = await guaranteeTablesByPerson(db, tenantId, memberId, today);

  const byRef = new Map<string, TContract>();
  for (const line of lines) {
    let c = byRef.get(line.insurerContract);
    if (!c) {
      const product = productRows.find((p) => p.productNumber === line.productNumber);
      c = {
        insurerContract: line.insurerContract,
        label: line.label,
        kind: line.kind,
        productNumber: line.productNumber,
        status: 'ACTIVE',
        startDate: line.incomingDate,
        endDate: null,
        nextDueDate: null,
        persons: [],
        options: options
          .filter((o) => o.insurerContract === line.insurerContract)
          .map((o) => ({ code: o.code, label: o.label, kind: o.kind, monthlyCents: o.monthlyCents, startDate: o.startDate, endDate: o.endDate })),
        guarantees: line.kind === 'COLLECTIVE' ? null : (tables.get(line.familyPosition) ?? []),
        terminationBlock: null,
        terminationBlockDetail: product?.terminationDisabledReason ?? null,
        terminationDates: [],
      };
      byRef.set(line.insurerContract, c);
    }
    c.persons.push({ familyPosition: line.familyPosition, firstName: line.firstName, surName: line.surName, rank: line.rank });
    // The contract is finished once every person's line has ended (on or before today).
    const lineEnded = line.outgoingDate !== null && line.outgoingDate <= today;
    if (c.persons.length === 1) {
      c.status = lineEnded ? 'FINISHED' : 'ACTIVE';
      c.endDate = line.outgoingDate;
    } else if (!lineEnded) {
      c.status = 'ACTIVE';
      c.endDate = null;
    }
  }
  for (const c of byRef.values()) {
    const product = productRows.find((p) => p.productNumber === c.productNumber);
    if (c.status === 'ACTIVE') c.nextDueDate = nextDueDate(today, product?.dueMonthDay ?? '01-01');
    c.terminationBlock =
      c.status === 'FINISHED'
        ? 'FINISHED'
        : c.kind === 'COLLECTIVE'
          ? 'COLLECTIVE'
          : product?.terminationDisabledReason
            ? 'CANCELLATION_DISABLED'
            : pending.some((p) => p.insurerContract === c.insurerContract && p.kind === 'INDIVIDUAL_CONTRACT')
              ? 'PENDING'
              : null;
    // The same rule the draft applies (createTerminationDraft): membership from the contract's start.
    if (c.terminationBlock === null) c.terminationDates = terminationDatesByReason(today, c.startDate, product?.dueMonthDay ?? '01-01');
  }
  // Ongoing contracts first, then ended ones.
  const list = [...byRef.values()].sort((a, b) => (a.status === b.status ? b.startDate.localeCompare(a.startDate) : a.status === 'ACTIVE' ? -1 : 1));
  return { membershipNumber: member?.membershipNumber ?? '', contracts: list };
}
