/** What other modules may use of the care network: the tenant's networks (members' insured.healthCareNetworks). */
export { listCareNetworks } from './queries';
