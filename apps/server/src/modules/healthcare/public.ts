/** What other modules may use of the healthcare catalogue: the tenant's acts, documents and hospitalisation types. */
export { loadHealthCare } from './catalogue';
