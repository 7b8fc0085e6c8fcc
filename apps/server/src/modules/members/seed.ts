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

/** Where each demo family is: its tenant, product and contract, then its contact and postal address. */
type Household = [
  tenantId: string,
  guaranteeProduct: DemoMember['guaranteeProduct'],
  contractKind: DemoMember['contractKind'],
  email: string,
  mobileNumber: string | null,
  line1: string,
  zipCode: string,
  city: string | null,
];
const HOUSEHOLDS: Record<keyof typeof DEMO_MEMBERS, Household> = {
  camille: ['mutua', 'CONFORT', 'INDIVIDUAL', 'camille.durand@example.com', '0612345678', '12 rue des Lilas', '75011', 'Paris'],
  julien: ['mutua', 'ESSENTIEL', 'COLLECTIVE', 'julien.martin@example.com', '0623456789', '4 place Bellecour', '69002', 'Lyon'],
  sophie: ['mutua', 'PREMIUM', 'COLLECTIVE', 'sophie.bernard@example.com', null, '8 cours de l’Intendance', '33000', null],
  lucas: ['mutua', 'ESSENTIEL', 'COLLECTIVE', 'lucas.petit@example.com', '0634567890', '21 rue Nationale', '59000', 'Lille'],
  emma: ['mutua', 'CONFORT', 'INDIVIDUAL', 'emma.roux@example.com', '0645678901', '3 quai de la Fosse', '44000', 'Nantes'],
  hugo: ['mutua', 'PREMIUM', 'COLLECTIVE', 'hugo.leroy@example.com', '0656789012', '15 allée Jean Jaurès', '31000', 'Toulouse'],
  lea: ['azur', 'PREMIUM', 'INDIVIDUAL', 'lea.moreau@example.com', '0667890123', '7 La Canebière', '13001', 'Marseille'],
};

const PEOPLE: Record<keyof typeof DEMO_MEMBERS, Person[]> = {
  camille: family('DURAND', { firstName: 'CAMILLE', birthDate: '1986-04-12', sex: 'F', nir: '2860475056123', nirKey: '47' }, [
    { rank: 'PARTNER', firstName: 'THOMAS', birthDate: '1984-09-30', sex: 'M', nir: '1840975056234', nirKey: '63' },
    { rank: 'CHILD', firstName: 'LÉA', birthDate: '2014-02-18', sex: 'F', nir: '2140275056345', nirKey: '21' },
    { rank: 'CHILD', firstName: 'NOAH', birthDate: '2018-11-05', sex: 'M', nir: '1181175056456', nirKey: '88' },
  ]),
  julien: family('MARTIN', { firstName: 'JULIEN', birthDate: '1979-06-02', sex: 'M', nir: '1790669123456', nirKey: '12' }),
  sophie: family('BERNARD', { firstName: 'SOPHIE', birthDate: '1992-01-23', sex: 'F', nir: '2920133063123', nirKey: '05' }),
  lucas: family('PETIT', { firstName: 'LUCAS', birthDate: '1990-07-14', sex: 'M', nir: '1900759350123', nirKey: '77' }),
  emma: family('ROUX', { firstName: 'EMMA', birthDate: '1995-03-09', sex: 'F', nir: '2950344109123', nirKey: '58' }),
  hugo: family('LEROY', { firstName: 'HUGO', birthDate: '1988-12-01', sex: 'M', nir: '1881231555123', nirKey: '34' }),
  lea: family('MOREAU', { firstName: 'LÉA', birthDate: '1983-05-27', sex: 'F', nir: '2830513055123', nirKey: '92' }, [
    { rank: 'CHILD', firstName: 'JULES', birthDate: '2012-08-16', sex: 'M', nir: '1120813055234', nirKey: '40' },
  ]),
};

/** What only one family has: a second e-mail address (the e-mail choice step), the Alsace-Moselle regime. */
const PARTICULARS: Partial<Record<keyof typeof DEMO_MEMBERS, { secondaryEmail?: string; regime?: 'ALSACE_MOSELLE' }>> = {
  julien: { secondaryEmail: 'j.martin.pro@example.org' },
  // Works in Strasbourg: the Alsace-Moselle local regime pays more of the co-payment.
  lucas: { regime: 'ALSACE_MOSELLE' },
};

const DEMO: DemoMember[] = (Object.keys(DEMO_MEMBERS) as (keyof typeof DEMO_MEMBERS)[]).map((key) => {
  const [tenantId, guaranteeProduct, contractKind, email, mobileNumber, line1, zipCode, city] = HOUSEHOLDS[key];
  const { secondaryEmail, regime } = PARTICULARS[key] ?? {};
  return {
    tenantId,
    membershipNumber: DEMO_MEMBERS[key],
    guaranteeProduct,
    ...(regime ? { regime } : {}),
    people: PEOPLE[key],
    contact: { email, ...(secondaryEmail ? { secondaryEmail } : {}), mobileNumber },
    address: { line1, zipCode, city },
    contractKind,
  };
});

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
