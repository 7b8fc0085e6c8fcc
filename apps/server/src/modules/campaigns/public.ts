/** What other modules may use of campaigns: the member's open notifications (insured.notifications). */
export { loadNotifications } from './loaders';
