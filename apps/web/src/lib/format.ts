/** French money, dates and names: the rules live in contracts (server mails, PDFs and the back office use them too). */
export { formatDate, formatEuros, type DateFormat } from '@mutua/contracts/french-format';
export { capitalizeName as formatName, formatPersonName } from '@mutua/contracts/names';
