import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { AfterHydration } from '../../components/after-hydration';
import { Link, NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useAccessState } from '../../lib/access-store';
import { isLoggedIn } from '../../lib/cookies';
import { useGlobalDetails } from '../../lib/global-details';
import { isKnownPath, paths } from '../../lib/paths';
import { hasCampaign } from '../../lib/popups';
import { isPublicPath } from '../guard';
import { useRouteHandle, type MainLayoutHandle, type NavItem } from '../route-handle';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { BackOfficeBanner } from './back-office-banner';
import { DialogOutlet } from './dialog-outlet';
import { Footer } from './footer';
import { PageShell } from './page-shell';
import classes from './layout.module.css';

/** Session expiry, password renewal, tutorial, password-validity popup (features/session). */
const SessionLayer = lazy(() => import('../../features/session/components/session-layer'));
/** The campaigns' popups in their turn (features/campaigns, order in lib/popups.ts). */
const CampaignLayer = lazy(() => import('../../features/campaigns/components/campaign-layer'));

/**
 * The campaign layer's code loads once the global details hold a campaign (few members have one).
 * Mounted, it stays: its dialog outlives the answer that ends the campaign, to show the confirmation.
 */
function useCampaignLayer(): boolean {
  const campaign = useGlobalDetails(hasCampaign).data === true;
  const [mounted, setMounted] = useState(campaign);
  if (campaign && !mounted) setMounted(true);
  return mounted || campaign;
}
const NavDrawer = lazy(() => import('./nav-drawer'));

function useLayoutHandle(): MainLayoutHandle {
  const match = useMatches().find((m) => m.id === 'main-layout');
  return (match?.handle as MainLayoutHandle | undefined) ?? { nav: [], dialogBackground: null };
}

function NavLinks({ items, className, onNavigate }: { items: NavItem[]; className?: string; onNavigate?: () => void }) {
  return items.map((item) => (
    <NavLink key={item.to} to={item.to} className={className} onClick={onNavigate}>
      {item.label}
    </NavLink>
  ));
}

/**
 * The public pages (FAQ, help, legal pages, accessibility, maintenance) read signed out: the login
 * group's layout (plain header with the logo, no navigation), with a way to sign in.
 */
function SignedOutLayout({ showLogin, content }: { showLogin: boolean; content: boolean }) {
  const brand = useAccessState((s) => s.brand);
  return (
    <PageShell
      logo={brand && { src: brand.graphical_charter.logo, name: brand.name }}
      action={
        showLogin && (
          <Button component={Link} to={paths.login} reloadDocument>
            Se connecter
          </Button>
        )
      }
    >
      {content ? (
        <Outlet />
      ) : (
        // Still listening for the ended session, to say so on the way to the login.
        <Suspense fallback={null}>
          <SessionLayer />
        </Suspense>
      )}
    </PageShell>
  );
}

/**
 * Main layout, signed in: header (logo, navigation), main content, dialogs over it, footer. Signed
 * out (only the public pages get here, the guard sends the rest to the login) it gives way to the
 * login group's layout.
 */
export function Component() {
  const brand = useAccessState((s) => s.brand);
  const { nav: allNav, dialogBackground } = useLayoutHandle();
  const features = useAccessState((s) => s.session?.features);
  // A link to a switched-off feature would only lead back home (guard rule 11).
  const nav = allNav.filter((item) => !item.feature || (features ?? []).includes(item.feature));
  // The drawer's code loads at the first opening, then stays mounted (its closing transition plays).
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [menuOpened, menu] = useDisclosure(false, { onOpen: () => setMenuLoaded(true) });
  const { pathname } = useLocation();
  const wide = useRouteHandle()?.wide === true;
  const loggedIn = isLoggedIn();
  // Nothing to navigate to during maintenance: every link would lead back there.
  const inMaintenance = pathname === paths.maintenance;
  const showNav = loggedIn && !inMaintenance && nav.length > 0;
  const campaignLayer = useCampaignLayer();

  // Signed out, the login group's layout. A member page being left (logout, ended session) is not
  // mounted again in it: it would load its data once more, signed out.
  const memberPage = isKnownPath(pathname) && !isPublicPath(pathname) && !inMaintenance;
  if (!loggedIn) return <SignedOutLayout showLogin={!inMaintenance} content={!memberPage} />;
  return (
    <div className={classes.shell}>
      <SkipLink />
      <BackOfficeBanner />
      <header className={classes.header} data-testid="app-header">
        <Container size="lg" className={classes.bar}>
          {brand ? (
            <Link to={paths.home} className={classes.logoLink}>
              <BrandLogo src={brand.graphical_charter.logo} name={`${brand.name} - Accueil`} />
            </Link>
          ) : (
            <span className={classes.productName}>Espace adhérent</span>
          )}
          {showNav && (
            <>
              <Group component="nav" aria-label="Navigation principale" visibleFrom="sm" className={classes.nav}>
                <NavLinks items={nav} className={classes.navLink} />
              </Group>
              <Burger
                hiddenFrom="sm"
                opened={menuOpened}
                onClick={menu.toggle}
                color="var(--mutua-color-on-primary)"
                aria-label={menuOpened ? 'Fermer le menu' : 'Ouvrir le menu'}
                aria-expanded={menuOpened}
                aria-controls="main-menu"
              />
            </>
          )}
          {/* On phones it moves into the menu, so that the logo keeps a legible size. */}
          {loggedIn && !inMaintenance && <LogoutButton size="sm" visibleFrom={showNav ? 'sm' : undefined} />}
        </Container>
      </header>
      {showNav && menuLoaded && (
        <Suspense fallback={null}>
          <NavDrawer opened={menuOpened} onClose={menu.close}>
            <nav aria-label="Navigation principale (mobile)" className={classes.drawerNav}>
              <NavLinks items={nav} className={classes.drawerLink} onNavigate={menu.close} />
            </nav>
            <LogoutButton variant="default" fullWidth mt="lg" />
          </NavDrawer>
        </Suspense>
      )}
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size={wide ? 'xl' : 'lg'} className={classes.main}>
        <DialogOutlet fallback={dialogBackground} />
      </Container>
      {brand && <Footer signedIn={loggedIn} />}
      <AfterHydration>
        <Suspense fallback={null}>
          <SessionLayer />
          {campaignLayer && <CampaignLayer />}
        </Suspense>
      </AfterHydration>
    </div>
  );
}
