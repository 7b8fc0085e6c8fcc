// What other parts of the server may use of the back office: the staff session store (plugins/staff.ts).
export { StaffSessionStore, type StaffSession } from '../../core/staff-sessions';
export { tenantsOf } from './cases';
