/** What other modules may read of the phone line: its number, open days and relay service. */
export { loadPhoneLine } from './service';
