/** What other modules may use of the card: moving the wallet passes of a member whose card changed (e.g. renewed). */
export { touchWalletPasses } from './wallet/service';
