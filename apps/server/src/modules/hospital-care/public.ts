/** What the bench and the operator command use of the establishment directory: the search and the FINESS import. */
export { establishmentMatch, establishmentQuery, searchEstablishments } from './search';
export { databaseSink, importFinessExtract, type ImportSink, type ImportState } from './finess/import';
export { fictitiousStructureLines, SAMPLE_HEADER } from './finess/sample';
