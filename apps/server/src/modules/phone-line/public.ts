/** What other modules may use of the phone line: the line, its hours and relay service (the assistant offers them). */
export { loadPhoneLine } from './service';
