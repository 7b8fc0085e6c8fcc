/** What other modules may use of the members module: the gates' writes (legal pages, personal information). */
export { acceptLegalPages } from './legal-pages';
export { savePersonalInfo } from './personal-info';
