import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { LOCALE } from './i18n';

/**
 * dayjs with the French locale as the global default. Import dayjs from here (not from 'dayjs') so
 * the locale is registered wherever dates are handled; the main layout imports it too, for Mantine's
 * date inputs. Kept off the entry chunk: login screens don't need it.
 */
dayjs.locale(LOCALE);

export { dayjs };
export type { Dayjs } from 'dayjs';
