/** What other modules may use of the FAQ module: its administration (back office). */
export { adminFaq, createFaqCategory, createFaqEntry, createFaqTheme, updateFaqCategory, updateFaqEntry, updateFaqTheme } from './admin';
