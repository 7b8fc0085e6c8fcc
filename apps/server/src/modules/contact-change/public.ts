/** What other modules may use of the contact-change flow: asking to change the stored address (confirmed from the new one). */
export { requestContactChange } from './service';
