import { Anchor, Container } from '@mantine/core';
import { ACCESSIBILITY_STATE } from '@mutua/contracts/accessibility-state';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AfterHydration } from '../../components/after-hydration';
import { useAccessState } from '../../lib/access-store';
import { useGlobalDetails } from '../../lib/global-details';
import { openCookieSettings } from '../../lib/cookie-settings';
import { paths } from '../../lib/paths';
import classes from './layout.module.css';

/** « Retour à l’ancien espace adhérent » with its exit survey (features/campaigns), signed in, while the tenant keeps its old space. */
const OldSpaceLink = lazy(() => import('../../features/campaigns/components/old-space-link'));

/** The tenant's legal pages (LEGAL_PAGE_TYPES of contracts), each served at legal-page/{type}. */
const LEGAL_LINKS = [
  { type: 'mentions-legales', label: 'Mentions légales' },
  { type: 'cgu', label: 'Conditions générales d’utilisation' },
  { type: 'confidentialite', label: 'Confidentialité' },
] as const;

/**
 * Footer of every page, signed in or not: the legal pages, the accessibility state (RGAA: exactly
 * one of three wordings, linking to the statement; the one the audit grid gives) and a way to reach us. Plain links only: it is part of the login page's budget.
 */
export function Footer({ signedIn }: { signedIn: boolean }) {
  // A back-office session has no cookie choices.
  const backOffice = useAccessState((s) => s.session?.isBoAuthentication === true);
  return (
    <footer className={classes.footer} data-testid="app-footer">
      <Container size="lg">
        <nav aria-label="Informations légales et contact">
          <ul className={classes.footerLinks}>
            {LEGAL_LINKS.map((link) => (
              <li key={link.type}>
                <Anchor component={Link} to={`/legal-page/${link.type}`} className={classes.footerLink}>
                  {link.label}
                </Anchor>
              </li>
            ))}
            <li>
              <Anchor component={Link} to={paths.accessibility} className={classes.footerLink}>
                Accessibilité&nbsp;: {ACCESSIBILITY_STATE}
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to={`${paths.help}#ligne-accessible`} className={classes.footerLink}>
                Ligne accessible sourds et malentendants
              </Anchor>
            </li>
            <li>
              {/* Signed in, the contact page (phone, hours, post, message); signed out, the publisher's details in the legal notice. */}
              <Anchor component={Link} to={signedIn ? paths.contactUs : '/legal-page/mentions-legales'} className={classes.footerLink}>
                Nous contacter
              </Anchor>
            </li>
            {signedIn && <SignedInLinks />}
            {!backOffice && (
              <li>
                <Anchor component="button" type="button" onClick={openCookieSettings} className={classes.footerLink}>
                  Gestion des cookies
                </Anchor>
              </li>
            )}
          </ul>
        </nav>
      </Container>
    </footer>
  );
}

/**
 * Signed in: contracts, complaints, and « Résilier votre contrat » (the law's online termination: free,
 * always available, directly reachable) while the tenant's CONTRACT_RESILIATION toggle is on.
 */
function SignedInLinks() {
  const resiliation = useAccessState((s) => s.session?.features.includes('CONTRACT_RESILIATION') ?? false);
  // Its code loads only for a tenant that keeps its old space: most never show the link.
  const oldSpace = useGlobalDetails((d) => d.showOldInsuredSpaceLink);
  return (
    <>
      <li>
        <Anchor component={Link} to={paths.claimPage} className={classes.footerLink}>
          Réclamation
        </Anchor>
      </li>
      <li>
        <Anchor component={Link} to={paths.contractualInfo} className={classes.footerLink}>
          Mes contrats
        </Anchor>
      </li>
      {oldSpace.data && (
        <AfterHydration>
          <Suspense fallback={null}>
            <OldSpaceLink className={classes.footerLink} />
          </Suspense>
        </AfterHydration>
      )}
      {resiliation && (
        <li>
          <Anchor component={Link} to={paths.paidOptions} className={classes.footerLink}>
            Résilier votre contrat
          </Anchor>
        </li>
      )}
    </>
  );
}
