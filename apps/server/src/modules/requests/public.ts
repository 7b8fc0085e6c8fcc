/** What other modules may use of requests: a member's request groups as the member sees them (back office). */
export { listRequestGroups } from './repository';
