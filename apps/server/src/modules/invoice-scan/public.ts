/** What other modules may use of the invoice reader: read a photo or PDF of a care invoice (nothing stored). */
export { scanInvoice, type InvoiceFile } from './scan';
