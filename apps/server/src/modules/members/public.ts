/** What other modules may use of the members module: the gates' writes (legal pages, personal information), the family order, the demo members their seeds build on. */
export { acceptLegalPages } from './legal-pages';
export { savePersonalInfo } from './personal-info';
export { orderBeneficiaries } from './insured';
export { listCurrentLegalPages, publishLegalPageVersion } from './legal-admin';
export { findLegalNotice, saveLegalNotice } from './legal-notice';
export { addressChanged, addressUndeliverableOf, isAddressUndeliverable, markAddressUndeliverable } from './undeliverable-address';
export { DEMO_MEMBERS } from './seed';
