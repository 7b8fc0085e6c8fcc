import type { FeatureId } from '@mutua/contracts/features';
import { matchPath } from 'react-router';

/** One route of the portal. */
export type RouteDef = {
  /** URL pattern: build a concrete URL with react-router's `generatePath(paths.updateBenef, { familyPosition })`. */
  path: string;
  /** French title: the page title is "<brand> - <title>"; a dialog's heading. */
  title: string;
  /** Opens as a modal over the page behind. */
  dialog?: true;
  /** The page needs the wider container (wide tables). */
  wide?: true;
  /** Label in the main navigation. */
  nav?: string;
  /** The feature toggle (featureStatus id) the route needs: off, the guard sends home (rule 11). */
  feature?: FeatureId;
  /**
   * Its screen under src/, `features/<f>/routes/<screen>` or `app/pages/<page>`, a module exporting
   * `Component`, loaded when the route opens (app/router.tsx finds it). Without one the route is
   * declared, not served by the portal: the unknown-path page answers.
   */
  screen?: string;
};

/**
 * THE route table: every route of the portal, its URL pattern beside its title and screen, so a new
 * screen is one entry here. Features and the guard take the patterns from `paths`, never spell a path
 * by hand; app/router.tsx builds the routes from it (dialogs are wrapped in the modal by the layout,
 * so a dialog's screen renders only the content). Layout by path: under /login the login layout;
 * no-brand, error and debug stand alone; the rest sits in the main layout. The e2e walk of every
 * route reads it too.
 */
export const ROUTES = {
  root: { path: '/', title: 'Accueil' },
  home: { path: '/home', title: 'Accueil', nav: 'Accueil', screen: 'features/dashboard/routes/home' },
  refunds: { path: '/refunds', title: 'Mes remboursements', nav: 'Mes remboursements', wide: true, screen: 'features/refunds/routes/refunds' },
  faq: { path: '/faq', title: 'Foire aux questions', screen: 'features/faq/routes/faq' },
  faqCategory: { path: '/faq/:idFaqCategorie', title: 'Foire aux questions', screen: 'features/faq/routes/faq-category' },
  faqTheme: { path: '/faq/:idFaqCategorie/:idFaqTheme', title: 'Foire aux questions', screen: 'features/faq/routes/faq-theme' },
  services: { path: '/services', title: 'Mes services', nav: 'Mes services', feature: 'MY_SERVICES', screen: 'features/services/routes/services' },
  validateInfo: { path: '/validate-info', title: 'Validation de mes informations', dialog: true, screen: 'features/session/routes/validate-info' },
  validateLegalPages: {
    path: '/validate-legal-pages',
    title: 'Acceptation des mentions légales',
    dialog: true,
    screen: 'features/session/routes/validate-legal-pages',
  },
  getRefund: { path: '/get-refund', title: 'Me faire rembourser', dialog: true, screen: 'features/send-documents/routes/get-refund' },
  docSharing: { path: '/doc-sharing/:data?', title: 'Partager un justificatif', dialog: true, screen: 'features/send-documents/routes/doc-sharing' },
  requests: { path: '/requests', title: 'Mes demandes', nav: 'Mes demandes', screen: 'features/requests/routes/requests' },
  newRequest: { path: '/new-request', title: 'Nouvelle demande', dialog: true, screen: 'features/requests/routes/new-request' },
  /** The « missing information » dialog: the files the management centre asked for (request 10005). */
  missingInformation: {
    path: '/missing-information/:requestId',
    title: 'Informations manquantes',
    dialog: true,
    screen: 'features/requests/routes/missing-information',
  },
  account: { path: '/account', title: 'Mon compte', nav: 'Mon compte', screen: 'features/account/routes/account' },
  /** « Fermer mon compte »: what is erased and kept, the password confirms (dialog over « Mon compte »). */
  accountClosure: { path: '/account/closure', title: 'Fermer mon compte', dialog: true, screen: 'features/account/routes/account-closure' },
  documents: { path: '/documents/:tab?', title: 'Mes documents', screen: 'features/documents/routes/documents' },
  beneficiary: { path: '/beneficiary', title: 'Mes bénéficiaires', feature: 'BENEFICIARIES', screen: 'features/account/routes/beneficiaries' },
  updateBenef: {
    path: '/update-benef/:familyPosition',
    title: 'Modifier un bénéficiaire',
    feature: 'BENEFICIARIES',
    screen: 'features/account/routes/update-benef',
  },
  bankingInfo: { path: '/banking-info', title: 'Mes coordonnées bancaires', screen: 'features/bank-details/routes/banking-info' },
  updateRib: { path: '/update-rib/:openRib', title: 'Modifier mes coordonnées bancaires', dialog: true, screen: 'features/bank-details/routes/update-rib' },
  personalInfo: { path: '/personal-info', title: 'Mes informations personnelles', screen: 'features/account/routes/personal-info' },
  preferences: { path: '/preferences/:openTeletransmission?', title: 'Mes préférences', screen: 'features/account/routes/preferences' },
  prepareTreatment: { path: '/home/prepare-treatment', title: 'Préparer un soin', dialog: true, screen: 'features/send-documents/routes/prepare-treatment' },
  hospitalCare: {
    path: '/home/hospital-care',
    title: 'Demande de prise en charge hospitalière',
    dialog: true,
    screen: 'features/send-documents/routes/hospital-care',
  },
  quotation: { path: '/home/quotation', title: 'Envoyer un devis', dialog: true, screen: 'features/send-documents/routes/quotation' },
  addBeneficiary: {
    path: '/add-beneficiary',
    title: 'Ajouter un bénéficiaire',
    dialog: true,
    feature: 'BENEFICIARIES_ADD',
    screen: 'features/account/routes/add-beneficiary',
  },
  maintenance: { path: '/maintenance', title: 'Maintenance', screen: 'app/pages/maintenance' },
  legalPage: { path: '/legal-page/:type', title: 'Informations légales', screen: 'features/legal/routes/legal-page' },
  contractualInfo: { path: '/contractual-info', title: 'Mes contrats', screen: 'features/contract-life/routes/contractual-info' },
  /** « Mes garanties »: the guarantees table, each beneficiary's allowances, refund examples. */
  guarantees: { path: '/guarantees', title: 'Mes garanties', screen: 'features/guarantees/routes/guarantees' },
  /** « Estimer un remboursement »: care before it happens, against the member's own guarantees. */
  estimate: { path: '/guarantees/estimate', title: 'Estimer un remboursement', screen: 'features/guarantees/routes/estimate' },
  /** The third-party-payment card panel. */
  tpCard: { path: '/tp-card', title: 'Ma carte de tiers payant', screen: 'features/tp-card/routes/tp-card' },
  contactUs: { path: '/contact-us', title: 'Nous contacter', dialog: true, screen: 'features/contract-life/routes/contact-us' },
  claimPage: { path: '/claim-page', title: 'Réclamation', dialog: true, screen: 'features/contract-life/routes/claim-page' },
  paidOptions: {
    path: '/paid-options',
    title: 'Résilier votre contrat',
    dialog: true,
    feature: 'CONTRACT_RESILIATION',
    screen: 'features/contract-life/routes/paid-options',
  },
  paidOptionsSummary: {
    path: '/paid-options-summary',
    title: 'Récapitulatif de votre demande de résiliation',
    dialog: true,
    screen: 'features/contract-life/routes/paid-options-summary',
  },
  help: { path: '/help', title: 'Aide', screen: 'features/help/routes/help' },
  /** The 24/7 assistant (public, under the help page): answers from the FAQ, the screens and, signed in, the member's data. */
  assistant: { path: '/help/assistant', title: 'Assistant 24h/24, 7j/7', screen: 'features/assistant/routes/assistant' },
  /** « Parler à un conseiller »: a message, a callback or the phone line (public: signed out, the line). */
  advisor: { path: '/conseiller', title: 'Parler à un conseiller', screen: 'features/advisor/routes/advisor' },
  /** The accessibility statement (RGAA, linked from every page's footer). */
  accessibility: { path: '/accessibilite', title: 'Accessibilité', screen: 'features/legal/routes/accessibility' },
  /** The link mailed to a new e-mail address (signed in as the member who asked). */
  contactChangeConfirm: {
    path: '/contact-change/confirm/:token',
    title: 'Confirmation de mon adresse e-mail',
    screen: 'features/contact-change/routes/contact-change-confirm',
  },

  // Served by the server (login.html, apps/server/src/http/login-page.ts): the SPA leaves for it.
  login: { path: '/login', title: 'Connexion' },
  firstConnection: { path: '/login/first-connection', title: 'Première connexion', screen: 'features/auth/routes/first-connection' },
  createAccount: { path: '/login/create-account', title: 'Créer mon compte', screen: 'features/auth/routes/create-account' },
  createAccountFinalStep: {
    path: '/login/create-account-final-step/:token',
    title: 'Finaliser la création de mon compte',
    screen: 'features/auth/routes/create-account-final-step',
  },
  activateAccount: { path: '/login/activate-account', title: 'Activer mon compte', screen: 'features/auth/routes/activate-account' },
  forgotLogin: { path: '/login/forgot-login', title: 'Identifiant oublié', screen: 'features/auth/routes/forgot-login' },
  forgotPassword: { path: '/login/forgot-password', title: 'Mot de passe oublié', screen: 'features/auth/routes/forgot-password' },
  forgotPasswordToken: { path: '/login/forgot-password/:token', title: 'Nouveau mot de passe', screen: 'features/auth/routes/forgot-password-token' },
  mfa: { path: '/login/mfa', title: 'Vérification en deux étapes', screen: 'features/auth/routes/mfa' },
  mfaEmailList: { path: '/login/mfa-email-list', title: 'Choix de l\u2019adresse e-mail', screen: 'features/auth/routes/mfa-email-list' },

  noBrand: { path: '/no-brand', title: 'Portail introuvable', screen: 'app/pages/no-brand' },
  error: { path: '/error', title: 'Erreur', screen: 'app/pages/error' },
  debug: { path: '/debug', title: 'Débogage', screen: 'app/pages/debug' },
  notFound: { path: '*', title: 'Page introuvable', screen: 'app/pages/not-found' },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof ROUTES;

/** The URL pattern of every route, by id (`paths.assistant` is '/help/assistant'). */
export const paths = Object.fromEntries(Object.entries(ROUTES).map(([id, route]) => [id, route.path])) as {
  readonly [Id in RouteId]: (typeof ROUTES)[Id]['path'];
};

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
