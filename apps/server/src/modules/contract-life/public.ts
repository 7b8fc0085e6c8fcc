/** What other modules may use of the contract's life: the member's contracts, the branded letter PDF, and the context both are read in. */
export { loadContracts } from './contracts';
export { renderLetterPdf } from './letter-pdf';
export type { LifeContext, LifeDeps } from './terminations';
export { lifeRouteKit, sendMemberPdf, type LifeRouteServices } from './route-context';
