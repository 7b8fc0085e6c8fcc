/** What the bench uses of the establishment directory: the search and its query. */
export { establishmentMatch, establishmentQuery, searchEstablishments } from './search';
