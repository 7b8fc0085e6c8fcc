import type { FeatureId } from '@mutua/contracts';
import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, matchPath, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { accessStore } from '../lib/access-store';
import { configureApiClient } from '../lib/api-client';
import { paths, type RouteId } from '../lib/paths';
import { guardLoader } from './guard-loader';
import { Component as Root } from './layout/root';
import { RouteError } from './pages/route-error';
import type { MainLayoutHandle, NavItem, RouteHandle } from './route-handle';

/** What a lazy route module exports (react-router's lazy route API). */
export type RouteModule = { Component: ComponentType };

type RouteDef = {
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
  /** The route's screen. Routes without one are declared, not served yet: the unknown-path page answers. */
  lazy?: () => Promise<RouteModule>;
};

/**
 * THE route table: every route of the portal, with its title.
 * Patterns come from lib/paths.ts (same ids). A feature wires its screen by adding
 * `lazy: () => import('../features/<f>/routes/<screen>')` (a module exporting `Component`) to its
 * entry; dialogs are wrapped in the modal by the layout, so the module renders only the content.
 * Layout by path: under /login the login layout; no-brand, error and debug stand alone; the rest
 * sits in the main layout.
 */
export const routeTable = {
  root: { title: 'Accueil' },
  home: { title: 'Accueil', nav: 'Accueil', lazy: () => import('../features/dashboard/routes/home') },
  refunds: { title: 'Mes remboursements', nav: 'Mes remboursements', wide: true, lazy: () => import('../features/refunds/routes/refunds') },
  faq: { title: 'Foire aux questions', lazy: () => import('../features/faq/routes/faq') },
  faqCategory: { title: 'Foire aux questions', lazy: () => import('../features/faq/routes/faq-category') },
  faqTheme: { title: 'Foire aux questions', lazy: () => import('../features/faq/routes/faq-theme') },
  services: { title: 'Mes services', nav: 'Mes services', feature: 'MY_SERVICES', lazy: () => import('../features/services/routes/services') },
  validateInfo: { title: 'Validation de mes informations', dialog: true, lazy: () => import('../features/session/routes/validate-info') },
  validateLegalPages: { title: 'Acceptation des mentions légales', dialog: true, lazy: () => import('../features/session/routes/validate-legal-pages') },
  getRefund: { title: 'Me faire rembourser', dialog: true, lazy: () => import('../features/send-documents/routes/get-refund') },
  docSharing: { title: 'Partager un justificatif', dialog: true, lazy: () => import('../features/send-documents/routes/doc-sharing') },
  requests: { title: 'Mes demandes', nav: 'Mes demandes', lazy: () => import('../features/requests/routes/requests') },
  newRequest: { title: 'Nouvelle demande', dialog: true, lazy: () => import('../features/requests/routes/new-request') },
  missingInformation: { title: 'Informations manquantes', dialog: true, lazy: () => import('../features/requests/routes/missing-information') },
  account: { title: 'Mon compte', nav: 'Mon compte', lazy: () => import('../features/account/routes/account') },
  accountClosure: { title: 'Fermer mon compte', dialog: true, lazy: () => import('../features/account/routes/account-closure') },
  documents: { title: 'Mes documents', lazy: () => import('../features/documents/routes/documents') },
  beneficiary: { title: 'Mes bénéficiaires', feature: 'BENEFICIARIES', lazy: () => import('../features/account/routes/beneficiaries') },
  updateBenef: { title: 'Modifier un bénéficiaire', feature: 'BENEFICIARIES', lazy: () => import('../features/account/routes/update-benef') },
  bankingInfo: { title: 'Mes coordonnées bancaires', lazy: () => import('../features/bank-details/routes/banking-info') },
  updateRib: { title: 'Modifier mes coordonnées bancaires', dialog: true, lazy: () => import('../features/bank-details/routes/update-rib') },
  personalInfo: { title: 'Mes informations personnelles', lazy: () => import('../features/account/routes/personal-info') },
  preferences: { title: 'Mes préférences', lazy: () => import('../features/account/routes/preferences') },
  prepareTreatment: { title: 'Préparer un soin', dialog: true, lazy: () => import('../features/send-documents/routes/prepare-treatment') },
  hospitalCare: { title: 'Demande de prise en charge hospitalière', dialog: true, lazy: () => import('../features/send-documents/routes/hospital-care') },
  quotation: { title: 'Envoyer un devis', dialog: true, lazy: () => import('../features/send-documents/routes/quotation') },
  addBeneficiary: {
    title: 'Ajouter un bénéficiaire',
    dialog: true,
    feature: 'BENEFICIARIES_ADD',
    lazy: () => import('../features/account/routes/add-beneficiary'),
  },
  maintenance: { title: 'Maintenance', lazy: () => import('./pages/maintenance') },
  legalPage: { title: 'Informations légales', lazy: () => import('../features/legal/routes/legal-page') },
  contractualInfo: { title: 'Mes contrats', lazy: () => import('../features/contract-life/routes/contractual-info') },
  guarantees: { title: 'Mes garanties', lazy: () => import('../features/guarantees/routes/guarantees') },
  estimate: { title: 'Estimer un remboursement', lazy: () => import('../features/guarantees/routes/estimate') },
  tpCard: { title: 'Ma carte de tiers payant', lazy: () => import('../features/tp-card/routes/tp-card') },
  contactUs: { title: 'Nous contacter', dialog: true, lazy: () => import('../features/contract-life/routes/contact-us') },
  claimPage: { title: 'Réclamation', dialog: true, lazy: () => import('../features/contract-life/routes/claim-page') },
  paidOptions: {
    title: 'Résilier votre contrat',
    dialog: true,
    feature: 'CONTRACT_RESILIATION',
    lazy: () => import('../features/contract-life/routes/paid-options'),
  },
  paidOptionsSummary: {
    title: 'Récapitulatif de votre demande de résiliation',
    dialog: true,
    lazy: () => import('../features/contract-life/routes/paid-options-summary'),
  },
  help: { title: 'Aide', lazy: () => import('../features/help/routes/help') },
  assistant: { title: 'Assistant 24h/24, 7j/7', lazy: () => import('../features/assistant/routes/assistant') },
  advisor: { title: 'Parler à un conseiller', lazy: () => import('../features/advisor/routes/advisor') },
  accessibility: { title: 'Accessibilité', lazy: () => import('../features/legal/routes/accessibility') },
  contactChangeConfirm: { title: 'Confirmation de mon adresse e-mail', lazy: () => import('../features/contact-change/routes/contact-change-confirm') },

  // Served by the server (login.html, apps/server/src/http/login-page.ts): the SPA leaves for it.
  login: { title: 'Connexion' },
  firstConnection: { title: 'Première connexion', lazy: () => import('../features/auth/routes/first-connection') },
  createAccount: { title: 'Créer mon compte', lazy: () => import('../features/auth/routes/create-account') },
  createAccountFinalStep: { title: 'Finaliser la création de mon compte', lazy: () => import('../features/auth/routes/create-account-final-step') },
  activateAccount: { title: 'Activer mon compte', lazy: () => import('../features/auth/routes/activate-account') },
  forgotLogin: { title: 'Identifiant oublié', lazy: () => import('../features/auth/routes/forgot-login') },
  forgotPassword: { title: 'Mot de passe oublié', lazy: () => import('../features/auth/routes/forgot-password') },
  forgotPasswordToken: { title: 'Nouveau mot de passe', lazy: () => import('../features/auth/routes/forgot-password-token') },
  mfa: { title: 'Vérification en deux étapes', lazy: () => import('../features/auth/routes/mfa') },
  mfaEmailList: { title: 'Choix de l\u2019adresse e-mail', lazy: () => import('../features/auth/routes/mfa-email-list') },

  noBrand: { title: 'Portail introuvable', lazy: () => import('./pages/no-brand') },
  error: { title: 'Erreur', lazy: () => import('./pages/error') },
  debug: { title: 'Débogage', lazy: () => import('./pages/debug') },
  notFound: { title: 'Page introuvable', lazy: () => import('./pages/not-found') },
} satisfies Record<RouteId, RouteDef>;

/**
 * The feature toggle the route of `pathname` declares (rule 11 of the guard). A gated route gates
 * what lies below it too (`/services/…`), so a toggle cannot be bypassed by a longer path.
 */
export function featureOfPath(pathname: string): FeatureId | undefined {
  for (const [id, def] of Object.entries(routeTable) as [RouteId, RouteDef][]) {
    if (def.feature && matchPath({ path: paths[id], end: false }, pathname)) return def.feature;
  }
  return undefined;
}

const STANDALONE: RouteId[] = ['noBrand', 'error', 'debug'];

function handleOf(def: RouteDef): RouteHandle {
  return { title: def.title, ...(def.dialog && { dialog: true }), ...(def.wide && { wide: true }) };
}

/** Wired entries of the table, as route objects with `path` relative to `base`. */
function wiredRoutes(select: (id: RouteId, path: string) => boolean, base: string): RouteObject[] {
  return (Object.entries(routeTable) as [RouteId, RouteDef][])
    .filter(([id, def]) => def.lazy && id !== 'root' && select(id, paths[id]))
    .map(([id, def]) => ({
      id,
      path: paths[id] === '*' ? '*' : paths[id].slice(base.length),
      handle: handleOf(def),
      lazy: def.lazy,
      ErrorBoundary: RouteError,
    }));
}

const isLogin = (_id: RouteId, path: string) => path.startsWith(`${paths.login}/`);
const isMain = (id: RouteId, path: string) => !STANDALONE.includes(id) && id !== 'login' && !isLogin(id, path);

function navItems(): NavItem[] {
  return (Object.entries(routeTable) as [RouteId, RouteDef][])
    .filter(([, def]) => def.nav && def.lazy)
    .map(([id, def]) => ({ to: paths[id].replace(/\/:[^/]+\?$/, ''), label: def.nav!, ...(def.feature && { feature: def.feature }) }));
}

const HomePage = lazy(async () => ({ default: (await routeTable.home.lazy()).Component }));

export function buildRoutes(): RouteObject[] {
  const loginDef: RouteDef = routeTable.login;
  const mainHandle: MainLayoutHandle = { nav: navItems(), dialogBackground: <HomePage /> };
  return [
    {
      id: 'root',
      path: paths.root,
      loader: (args) => guardLoader(args, featureOfPath),
      // The guard (and its heartbeat) runs on every change of page; not when only the query string moves.
      shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
      Component: Root,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteError,
      children: [
        {
          id: 'main-layout',
          lazy: () => import('./layout/main-layout'),
          handle: mainHandle,
          ErrorBoundary: RouteError,
          children: [{ index: true, handle: handleOf(routeTable.root), element: <Navigate to={paths.home} replace /> }, ...wiredRoutes(isMain, '/')],
        },
        {
          id: 'login-layout',
          path: paths.login.slice(1),
          handle: handleOf(loginDef),
          lazy: () => import('./layout/login-layout'),
          ErrorBoundary: RouteError,
          children: [
            // /login itself: the guard lets it through, then leaves for the server's page (guard-loader.ts).
            { index: true, ErrorBoundary: RouteError },
            ...wiredRoutes(isLogin, `${paths.login}/`),
          ],
        },
        ...wiredRoutes((id) => STANDALONE.includes(id), '/'),
      ],
    },
  ];
}

type Navigator = { navigate: (to: string) => Promise<void> };

/** A 503 on an ordinary call: the maintenance page, with the public reason, until the app reloads. */
export function connectRequestLayer(router: Navigator): void {
  configureApiClient({
    onMaintenance: (reason) => {
      accessStore.setState({ maintenance: { reason } });
      void router.navigate(paths.maintenance);
    },
  });
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  connectRequestLayer(router);
  return router;
}
