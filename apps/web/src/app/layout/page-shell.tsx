import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import classes from './layout.module.css';

/** Header with the logo (when there is a brand) and a main region: login group and standalone pages. */
export function PageShell({ logo, children, narrow = false }: { logo?: { src: string; name: string } | null; children: ReactNode; narrow?: boolean }) {
  return (
    <div className={classes.shell}>
      <SkipLink />
      <header className={classes.plainHeader}>
        <Container size="lg" className={classes.bar}>
          {logo ? <BrandLogo src={logo.src} name={logo.name} /> : <span className={classes.productName}>Espace adhérent</span>}
        </Container>
      </header>
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size={narrow ? 'xs' : 'lg'} className={classes.main}>
        {children}
      </Container>
    </div>
  );
}
