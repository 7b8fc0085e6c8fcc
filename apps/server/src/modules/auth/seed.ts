import type { LoginType } from '@mutua/contracts/auth';
import { and, eq, inArray } from 'drizzle-orm';
import { hashPassword } from './passwords';
import type { Db } from '../../db/client';
import { legalPageAcceptances, legalPages, members, type AccountStatus } from '../../db/schema';
import { insertAccount, insertMember } from '../../db/seed/member-factory';
import { DEMO_MEMBERS } from '../members/public';

/** The password of every demo account (listed in the README). */
export const DEMO_PASSWORD = 'Mutua-Demo-2026!';

/** A member of the first tenant without an account yet: the create-account journey. */
export const DEMO_MEMBER_WITHOUT_ACCOUNT = {
  membershipNumber: '89012345',
  surName: 'DUPONT',
  firstName: 'INÈS',
  birthDate: '1991-10-03',
  email: 'ines.dupont@example.com',
} as const;

type DemoAccount = {
  tenantId: string;
  membershipNumber: string;
  loginType: LoginType;
  loginEmail: string | null;
  status: AccountStatus;
  /** Signed in before (no tutorial, a last connection to show). */
  returning: boolean;
  acceptsLegalPages: boolean;
};

/**
 * Demo accounts on top of the demo families, one per sign-in situation. Every one signs in with
 * DEMO_PASSWORD, with its membership number or (when set) its login e-mail.
 */
export const DEMO_ACCOUNTS = {
  /** Complete profile, one address: both `12345678` and `camille.durand@example.com` work. */
  camille: {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.camille,
    loginType: 'EMAIL',
    loginEmail: 'camille.durand@example.com',
    status: 'ACTIVE',
    returning: true,
    acceptsLegalPages: true,
  },
  /** Two addresses: the mfa-email-list step. */
  julien: {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.julien,
    loginType: 'EMAIL',
    loginEmail: 'julien.martin@example.com',
    status: 'ACTIVE',
    returning: true,
    acceptsLegalPages: true,
  },
  /** Mobile number and city missing: the validate-info gate. */
  sophie: {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.sophie,
    loginType: 'EMAIL',
    loginEmail: 'sophie.bernard@example.com',
    status: 'ACTIVE',
    returning: true,
    acceptsLegalPages: true,
  },
  /** Legal pages to accept. */
  lucas: {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.lucas,
    loginType: 'EMAIL',
    loginEmail: 'lucas.petit@example.com',
    status: 'ACTIVE',
    returning: true,
    acceptsLegalPages: false,
  },
  /** Not activated yet: login answers ACCOUNT_NOT_ACTIVATED; activate-account then first-connection tutorial. */
  emma: {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.emma,
    loginType: 'EMAIL',
    loginEmail: 'emma.roux@example.com',
    status: 'NOT_ACTIVATED',
    returning: false,
    acceptsLegalPages: true,
  },
  /** Blocked by staff: ACCOUNT_BLOCKED whatever the password. */
  hugo: {
    tenantId: 'mutua',
    membershipNumber: DEMO_MEMBERS.hugo,
    loginType: 'EMAIL',
    loginEmail: 'hugo.leroy@example.com',
    status: 'BLOCKED',
    returning: true,
    acceptsLegalPages: true,
  },
  /** Second tenant (azur.localhost). */
  lea: {
    tenantId: 'azur',
    membershipNumber: DEMO_MEMBERS.lea,
    loginType: 'EMAIL',
    loginEmail: 'lea.moreau@example.com',
    status: 'ACTIVE',
    returning: true,
    acceptsLegalPages: true,
  },
} as const satisfies Record<keyof typeof DEMO_MEMBERS, DemoAccount>;

const DAY_MS = 86_400_000;

const LEGAL_PAGES = (brand: string) => [
  {
    type: 'cgu' as const,
    title: 'Conditions générales d’utilisation',
    requiresAcceptance: true,
    content: [
      `Les présentes conditions régissent l’utilisation de l’espace adhérent ${brand}.`,
      'L’espace adhérent vous permet de consulter vos contrats, vos remboursements et vos documents, et d’envoyer vos demandes.',
      'Vos identifiants sont personnels\u00a0: ne les communiquez à personne. Le code reçu par e-mail ne vous sera jamais demandé par téléphone.',
      `${brand} peut faire évoluer ces conditions\u00a0; la nouvelle version vous sera présentée à votre prochaine connexion.`,
    ].join('\n\n'),
  },
  {
    type: 'confidentialite' as const,
    title: 'Politique de confidentialité',
    requiresAcceptance: true,
    content: [
      `${brand} traite vos données personnelles et de santé pour gérer votre contrat et vos remboursements.`,
      'Vous disposez d’un droit d’accès, de rectification, d’effacement et de limitation du traitement de vos données, ainsi que du droit de vous opposer à leur traitement.',
      'Vos données sont hébergées en France et conservées pendant la durée de votre contrat puis pendant les durées légales.',
    ].join('\n\n'),
  },
  {
    type: 'mentions-legales' as const,
    title: 'Mentions légales',
    requiresAcceptance: false,
    content: `Les contenus de l’espace adhérent ${brand} sont protégés par le droit d’auteur\u00a0; toute reproduction sans autorisation est interdite.\n\nVos données personnelles sont traitées comme l’indique la politique de confidentialité.`,
  },
];

/** Version 1 of the legal pages of both demo tenants. */
export async function seedLegalPages(db: Db): Promise<void> {
  for (const [tenantId, brand] of [
    ['mutua', 'Mutua Santé'],
    ['azur', 'Azur Prévoyance'],
  ] as const) {
    await db.insert(legalPages).values(LEGAL_PAGES(brand).map((p) => ({ tenantId, version: 1, publishedAt: new Date('2026-01-01T00:00:00Z'), ...p })));
  }
}

/** The demo accounts (7 argon2 hashes) and their legal-page acceptances. */
export async function seedAccounts(db: Db): Promise<void> {
  const now = Date.now();
  for (const demo of Object.values(DEMO_ACCOUNTS) as DemoAccount[]) {
    const [member] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.tenantId, demo.tenantId), eq(members.membershipNumber, demo.membershipNumber)));
    if (!member) throw new Error(`demo member ${demo.membershipNumber} missing`);
    await insertAccount(db, {
      memberId: member.id,
      tenantId: demo.tenantId,
      loginType: demo.loginType,
      loginEmail: demo.loginEmail,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      status: demo.status,
      passwordChangedAt: new Date(now - 30 * DAY_MS),
      firstConnection: !demo.returning,
      finishedTutorial: demo.returning,
      lastConnectionAt: demo.returning ? new Date(now - 3 * DAY_MS) : null,
      previousConnectionAt: demo.returning ? new Date(now - 10 * DAY_MS) : null,
      createdAt: new Date(now - 400 * DAY_MS),
    });
    if (demo.acceptsLegalPages) {
      const pages = await db
        .select({ id: legalPages.id })
        .from(legalPages)
        .where(and(eq(legalPages.tenantId, demo.tenantId), inArray(legalPages.version, [1])));
      await db.insert(legalPageAcceptances).values(pages.map((p) => ({ memberId: member.id, legalPageId: p.id, acceptedAt: new Date(now - 30 * DAY_MS) })));
    }
  }
}

/** Inès Dupont: a family with a contract in force and no account (create-account journey). */
export async function seedMemberWithoutAccount(db: Db): Promise<void> {
  const d = DEMO_MEMBER_WITHOUT_ACCOUNT;
  await insertMember(db, {
    tenantId: 'mutua',
    membershipNumber: d.membershipNumber,
    people: [{ rank: 'MAIN', firstName: d.firstName, surName: d.surName, birthDate: d.birthDate, sex: 'F', nir: '2911075112345', nirKey: '56' }],
    contact: { email: d.email, mobileNumber: '0678901234' },
    address: { line1: '5 rue de la République', zipCode: '67000', city: 'Strasbourg' },
    contract: { kind: 'COLLECTIVE', label: 'Santé Entreprise Collective', insurerContract: 'MUTUA-COL-2024', productNumber: 'P-COL-11', companyId: 'ENT-4471' },
  });
}
