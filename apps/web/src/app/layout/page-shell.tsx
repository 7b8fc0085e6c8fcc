import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useAccessState } from '../../lib/access-store';
import { isLoggedIn } from '../../lib/cookies';
import { Footer } from './footer';
import classes from './layout.module.css';

/**
 * Header with the logo (when there is a brand), a main region and the footer: login group, standalone
 * pages and the public pages (FAQ, help, legal pages, accessibility) read signed out. Without a tenant there are no legal pages to link to, so no footer.
 */
export function PageShell({
  logo,
  children,
  narrow = false,
  action,
}: {
  logo?: { src: string; name: string } | null;
  children: ReactNode;
  narrow?: boolean;
  /** At the end of the header bar (the public pages signed out: « Se connecter »). */
  action?: ReactNode;
}) {
  const hasBrand = useAccessState((s) => s.brand !== null);
  return (
    <div className={classes.shell}>
      <SkipLink />
      <header className={classes.plainHeader}>
        <Container size="lg" className={classes.bar}>
          {logo ? <BrandLogo src={logo.src} name={logo.name} /> : <span className={classes.productName}>Espace adhérent</span>}
          {action}
        </Container>
      </header>
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size={narrow ? 'xs' : 'lg'} className={classes.main}>
        {children}
      </Container>
      {hasBrand && <Footer signedIn={isLoggedIn()} />}
    </div>
  );
}
