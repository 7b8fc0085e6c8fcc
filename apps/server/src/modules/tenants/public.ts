/** What other modules and the app may use of the tenants module. */
export { brandOf } from '../../core/brand';
export { ZFeatureChange, ZMaintenanceChange, listTenants, setFeature, setMaintenance } from './tenant-admin';
export { TenantDirectory } from '../../core/tenant-directory';
