// The home blocks that are read, not operated (PaintedPart): one chunk, loaded only when one of them
// renders in the browser — never while a page the server painted is hydrated.
export { ActionsBlock } from './actions-block';
export { AlertsBlock } from './alerts-block';
export { BeneficiariesBlock } from './beneficiaries-block';
export { ContractBlock } from './contract-block';
export { LatestRefundsBlock } from './latest-refunds-block';
export { LatestRequestsBlock } from './latest-requests-block';
export { MobileAppBlock } from './mobile-app-block';
export { NewsBlock } from './news-block';
export { NoemieBlock } from './noemie-block';
export { TpCardBlock } from './tp-card-block';
export { WelcomeBlock } from './welcome-block';
