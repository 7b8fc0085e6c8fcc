import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { LOCALE } from './i18n';

/**
 * dayjs with the French locale as the global default. Import dayjs from here (not from 'dayjs') so
 * the locale is registered wherever dates are handled — a screen with Mantine's date inputs imports
 * it too. Kept off the start-up chunks: login and home don't need it.
 */
dayjs.locale(LOCALE);

export { dayjs };
export type { Dayjs } from 'dayjs';
