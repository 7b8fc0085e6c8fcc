import { matchPath } from 'react-router';
/**
 * URL patterns of every route of both specs, in one
 * place so features and the guard never spell a path by hand. Build concrete URLs with react-router's
 * `generatePath(paths.updateBenef, { familyPosition })`. Titles, layouts and elements live in the
 * route table (app/router.tsx), keyed by the same ids.
 */
export const paths = {
  root: '/',
  home: '/home',
  refunds: '/refunds',
  faq: '/faq',
  faqCategory: '/faq/:idFaqCategorie',
  faqTheme: '/faq/:idFaqCategorie/:idFaqTheme',
  services: '/services',
  validateInfo: '/validate-info',
  validateLegalPages: '/validate-legal-pages',
  getRefund: '/get-refund',
  docSharing: '/doc-sharing/:data?',
  requests: '/requests',
  newRequest: '/new-request',
  /** The « missing information » dialog: the files the management centre asked for (request 10005). */
  missingInformation: '/missing-information/:requestId',
  account: '/account',
  /** « Fermer mon compte »: what is erased and kept, the password confirms (dialog over « Mon compte »). */
  accountClosure: '/account/closure',
  documents: '/documents/:tab?',
  beneficiary: '/beneficiary',
  updateBenef: '/update-benef/:familyPosition',
  bankingInfo: '/banking-info',
  updateRib: '/update-rib/:openRib',
  personalInfo: '/personal-info',
  preferences: '/preferences/:openTeletransmission?',
  prepareTreatment: '/home/prepare-treatment',
  hospitalCare: '/home/hospital-care',
  quotation: '/home/quotation',
  addBeneficiary: '/add-beneficiary',
  maintenance: '/maintenance',
  legalPage: '/legal-page/:type',
  contractualInfo: '/contractual-info',
  /** « Mes garanties »: the guarantees table, each beneficiary's allowances, refund examples. */
  guarantees: '/guarantees',
  /** « Estimer un remboursement »: care before it happens, against the member's own guarantees. */
  estimate: '/guarantees/estimate',
  /** The third-party-payment card panel. */
  tpCard: '/tp-card',
  contactUs: '/contact-us',
  claimPage: '/claim-page',
  paidOptions: '/paid-options',
  paidOptionsSummary: '/paid-options-summary',
  help: '/help',
  /** The 24/7 assistant (public, under the help page): answers from the FAQ, the screens and, signed in, the member's data. */
  assistant: '/help/assistant',
  /** « Parler à un conseiller »: a message, a callback or the phone line (public: signed out, the line). */
  advisor: '/conseiller',
  /** The accessibility statement (RGAA, linked from every page's footer). */
  accessibility: '/accessibilite',
  /** The link mailed to a new e-mail address (signed in as the member who asked). */
  contactChangeConfirm: '/contact-change/confirm/:token',

  login: '/login',
  firstConnection: '/login/first-connection',
  createAccount: '/login/create-account',
  createAccountFinalStep: '/login/create-account-final-step/:token',
  activateAccount: '/login/activate-account',
  forgotLogin: '/login/forgot-login',
  forgotPassword: '/login/forgot-password',
  forgotPasswordToken: '/login/forgot-password/:token',
  mfa: '/login/mfa',
  mfaEmailList: '/login/mfa-email-list',

  noBrand: '/no-brand',
  error: '/error',
  debug: '/debug',
  notFound: '*',
} as const;

export type RouteId = keyof typeof paths;

/**
 * The routes a visitor may open signed out, with every path below them (`/login/…`, `/faq/…`,
 * `/help/assistant`): declared beside the path, so a public page is added in this file alone.
 */
export const PUBLIC_ROUTES: readonly RouteId[] = ['login', 'faq', 'legalPage', 'accessibility', 'help', 'advisor', 'error', 'noBrand'];

/** `pathname` is `base` or lies below it (`/login`, `/login/mfa`; not `/loginx`). */
export function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Drops a trailing slash (but keeps `/`), so `/home/` and `/home` are one path. */
export function normalizePathname(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Whether a route of the table matches the path (the catch-all aside). */
export function isKnownPath(pathname: string): boolean {
  const p = normalizePathname(pathname);
  return Object.values(paths).some((pattern) => pattern !== '*' && matchPath({ path: pattern, end: true }, p) !== null);
}
