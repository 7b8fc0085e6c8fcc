import type { Db } from '../../db/client';
import type { BeneficiaryRank } from '../../db/schema';
import { insertMember } from '../../db/seed/member-factory';

type Person = { rank: BeneficiaryRank; firstName: string; surName: string; birthDate: string; sex: 'M' | 'F'; nir: string; nirKey: string };
type DemoMember = {
  tenantId: string;
  membershipNumber: string;
  people: Person[];
  contact: { email: string | null; secondaryEmail?: string | null; mobileNumber: string | null };
  address: { line1: string | null; zipCode: string | null; city: string | null };
  contractKind: 'COLLECTIVE' | 'INDIVIDUAL';
  /** The guarantees product of the family (the three example products, spread over the demo). */
  guaranteeProduct: 'ESSENTIEL' | 'CONFORT' | 'PREMIUM';
  regime?: 'ALSACE_MOSELLE';
};

/**
 * Demo families. Accounts (logins, passwords, states) are seeded by the auth module on top of these;
 * the membership numbers below are the stable handles other seeds use.
 */
export const DEMO_MEMBERS = {
  /** Complete profile, one e-mail address: the main demo account. */
  camille: '12345678',
  /** Two e-mail addresses: the e-mail choice step. */
  julien: '23456789',
  /** Missing mobile number and city: the personal-information gate. */
  sophie: '34567890',
  /** Legal pages to accept. */
  lucas: '45678901',
  /** Account not yet activated. */
  emma: '56789012',
  /** Blocked account. */
  hugo: '67890123',
  /** Member of the second tenant. */
  lea: '78901234',
} as const;

const family = (surName: string, main: Omit<Person, 'rank' | 'surName'>, others: Omit<Person, 'surName'>[] = []): Person[] => [
  { rank: 'MAIN', surName, ...main },
  ...others.map((p) => ({ surName, ...p })),
];

const DEMO: DemoMember[] = [
  {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.camille,
    guaranteeProduct: 'CONFORT',
    people: family('DURAND', { firstName: 'CAMILLE', birthDate: '1986-04-12', sex: 'F', nir: '2860475056123', nirKey: '47' }, [
      { rank: 'PARTNER', firstName: 'THOMAS', birthDate: '1984-09-30', sex: 'M', nir: '1840975056234', nirKey: '63' },
      { rank: 'CHILD', firstName: 'LÉA', birthDate: '2014-02-18', sex: 'F', nir: '2140275056345', nirKey: '21' },
      { rank: 'CHILD', firstName: 'NOAH', birthDate: '2018-11-05', sex: 'M', nir: '1181175056456', nirKey: '88' },
    ]),
    contact: { email: 'camille.durand@example.com', mobileNumber: '0612345678' },
    address: { line1: '12 rue des Lilas', zipCode: '75011', city: 'Paris' },
    contractKind: 'INDIVIDUAL',
  },
  {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.julien,
    guaranteeProduct: 'ESSENTIEL',
    people: family('MARTIN', { firstName: 'JULIEN', birthDate: '1979-06-02', sex: 'M', nir: '1790669123456', nirKey: '12' }),
    contact: { email: 'julien.martin@example.com', secondaryEmail: 'j.martin.pro@example.org', mobileNumber: '0623456789' },
    address: { line1: '4 place Bellecour', zipCode: '69002', city: 'Lyon' },
    contractKind: 'COLLECTIVE',
  },
  {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.sophie,
    guaranteeProduct: 'PREMIUM',
    people: family('BERNARD', { firstName: 'SOPHIE', birthDate: '1992-01-23', sex: 'F', nir: '2920133063123', nirKey: '05' }),
    contact: { email: 'sophie.bernard@example.com', mobileNumber: null },
    address: { line1: '8 cours de l’Intendance', zipCode: '33000', city: null },
    contractKind: 'COLLECTIVE',
  },
  {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.lucas,
    guaranteeProduct: 'ESSENTIEL',
    // Works in Strasbourg: the Alsace-Moselle local regime pays more of the co-payment.
    regime: 'ALSACE_MOSELLE',
    people: family('PETIT', { firstName: 'LUCAS', birthDate: '1990-07-14', sex: 'M', nir: '1900759350123', nirKey: '77' }),
    contact: { email: 'lucas.petit@example.com', mobileNumber: '0634567890' },
    address: { line1: '21 rue Nationale', zipCode: '59000', city: 'Lille' },
    contractKind: 'COLLECTIVE',
  },
  {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.emma,
    guaranteeProduct: 'CONFORT',
    people: family('ROUX', { firstName: 'EMMA', birthDate: '1995-03-09', sex: 'F', nir: '2950344109123', nirKey: '58' }),
    contact: { email: 'emma.roux@example.com', mobileNumber: '0645678901' },
    address: { line1: '3 quai de la Fosse', zipCode: '44000', city: 'Nantes' },
    contractKind: 'INDIVIDUAL',
  },
  {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.hugo,
    guaranteeProduct: 'PREMIUM',
    people: family('LEROY', { firstName: 'HUGO', birthDate: '1988-12-01', sex: 'M', nir: '1881231555123', nirKey: '34' }),
    contact: { email: 'hugo.leroy@example.com', mobileNumber: '0656789012' },
    address: { line1: '15 allée Jean Jaurès', zipCode: '31000', city: 'Toulouse' },
    contractKind: 'COLLECTIVE',
  },
  {
    tenantId: 'azur',
    membershipNumber: DEMO_MEMBERS.lea,
    guaranteeProduct: 'PREMIUM',
    people: family('MOREAU', { firstName: 'LÉA', birthDate: '1983-05-27', sex: 'F', nir: '2830513055123', nirKey: '92' }, [
      { rank: 'CHILD', firstName: 'JULES', birthDate: '2012-08-16', sex: 'M', nir: '1120813055234', nirKey: '40' },
    ]),
    contact: { email: 'lea.moreau@example.com', mobileNumber: '0667890123' },
    address: { line1: '7 La Canebière', zipCode: '13001', city: 'Marseille' },
    contractKind: 'INDIVIDUAL',
  },
];

export async function seedMembers(db: Db): Promise<void> {
  for (const demo of DEMO) {
    const individual = demo.contractKind === 'INDIVIDUAL';
    await insertMember(db, {
      tenantId: demo.tenantId,
      membershipNumber: demo.membershipNumber,
      people: demo.people,
      contact: demo.contact,
      address: demo.address,
      contract: {
        kind: demo.contractKind,
        label: individual ? 'Santé Essentielle Individuelle' : 'Santé Entreprise Collective',
        insurerContract: `${demo.tenantId.toUpperCase()}-${individual ? 'IND' : 'COL'}-2024`,
        productNumber: individual ? 'P-ESS-02' : 'P-COL-11',
        companyId: individual ? null : 'ENT-4471',
      },
      guaranteeProduct: demo.guaranteeProduct,
      ...(demo.regime ? { regime: demo.regime } : {}),
    });
  }
}

/** The demo set's names, NIRs, e-mail addresses and phone numbers: what a log must never show (test/ops/log-scan.ts). */
export const DEMO_IDENTITIES = {
  names: [...new Set(DEMO.flatMap((m) => m.people.flatMap((p) => [p.firstName, p.surName])))],
  nirs: DEMO.flatMap((m) => m.people.map((p) => p.nir)),
  emails: DEMO.flatMap((m) => [m.contact.email, m.contact.secondaryEmail].filter((e): e is string => !!e)),
  phones: DEMO.flatMap((m) => (m.contact.mobileNumber ? [m.contact.mobileNumber] : [])),
};
