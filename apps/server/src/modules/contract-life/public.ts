/** What other modules may use of the contract's life: the card's numbers for the global details; moving the wallet passes of a member whose card changed (e.g. renewed). */
export { tpCardInformations } from './tp-card';
export { touchWalletPasses } from './wallet/service';
export { loadPaymentSchedules } from './payment-schedule';
