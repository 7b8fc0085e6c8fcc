// What other parts of the server may use of the back office: the staff session store (plugins/staff.ts).
export { StaffSessionStore, type StaffSession } from '../../core/staff-sessions';
/** The engine's line of a member's refund claim (automatic decisions propose and publish the same line as an agent). */
export { claimLineOf } from './approvals';
/** The tenants a staff member works for (every back-office query is scoped by them). */
export { tenantsOf } from './cases';
