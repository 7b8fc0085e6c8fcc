import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_MEMBERS } from '../members/public';
import { contractOptions, contractProducts, contracts, members, tenantContactChannels } from '../../db/schema';

/**
 * Demo contract data (the guarantees table comes from the guarantees module's products): paid options on individual
 * contracts, a collective option, an ended contract (Julien), a product whose online termination is
 * disabled (Azur's senior product), and each tenant's phone line, hours and post address.
 */
export async function seedContractLife(db: Db): Promise<void> {
  for (const tenantId of ['mutua', 'azur']) {
    await db.insert(contractProducts).values({ tenantId, productNumber: 'P-ESS-02', dueMonthDay: '01-01' });
  }
  await db.insert(contractProducts).values({
    tenantId: 'azur',
    productNumber: 'P-SEN-07',
    dueMonthDay: '01-01',
    terminationDisabledReason: 'Le contrat Azur Seniors Viager se résilie uniquement auprès de votre conseiller, par courrier.',
  });
  await db.insert(tenantContactChannels).values([
    {
      tenantId: 'mutua',
      phone: '09 69 32 10 00',
      callHours: 'Du lundi au vendredi de 8 h 30 à 18 h 00',
      postAddress: ['Mutua Santé', 'Service adhérents', '12 rue de la Santé', '75014 Paris'],
    },
    {
      tenantId: 'azur',
      phone: '04 91 00 12 34',
      callHours: 'Du lundi au vendredi de 9 h 00 à 17 h 30',
      postAddress: ['Azur Prévoyance', 'Service adhérents', 'CS 30001', '13001 Marseille'],
    },
  ]);

  const lines = await db
    .select({
      memberId: contracts.memberId,
      tenantId: members.tenantId,
      membershipNumber: members.membershipNumber,
      kind: contracts.kind,
      insurerContract: contracts.insurerContract,
      familyPosition: contracts.familyPosition,
    })
    .from(contracts)
    .innerJoin(members, eq(members.id, contracts.memberId));
  const seen = new Set<string>();
  for (const line of lines) {
    const key = `${line.memberId}/${line.insurerContract}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (line.kind === 'INDIVIDUAL') {
      await db.insert(contractOptions).values([
        {
          memberId: line.memberId,
          insurerContract: line.insurerContract,
          code: 'OPT-DENT',
          label: 'Renfort dentaire',
          kind: 'INDIVIDUAL_OPTION',
          monthlyCents: 990,
          startDate: '2024-01-01',
        },
        {
          memberId: line.memberId,
          insurerContract: line.insurerContract,
          code: 'OPT-OPTI',
          label: 'Renfort optique',
          kind: 'INDIVIDUAL_OPTION',
          monthlyCents: 650,
          startDate: '2024-06-01',
        },
      ]);
    } else {
      await db.insert(contractOptions).values({
        memberId: line.memberId,
        insurerContract: line.insurerContract,
        code: 'OPT-COL-SUR',
        label: 'Surcomplémentaire entreprise',
        kind: 'COLLECTIVE_OPTION',
        monthlyCents: 0,
        startDate: '2024-01-01',
      });
    }
  }
  // Julien had an individual contract before joining his employer's collective one.
  const [julien] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, 'mutua'), eq(members.membershipNumber, DEMO_MEMBERS.julien)));
  if (julien) {
    await db.insert(contracts).values({
      memberId: julien.id,
      familyPosition: 1,
      kind: 'INDIVIDUAL',
      label: 'Santé Essentielle Individuelle',
      insurerContract: 'MUTUA-IND-2019',
      productNumber: 'P-ESS-02',
      companyId: null,
      baseOptionCode: 'BASE',
      incomingDate: '2019-03-01',
      outgoingDate: '2023-12-31',
    });
  }
}
