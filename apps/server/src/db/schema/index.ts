// One file per business area; each table here has its CREATE in db/migrations.
export * from './tenants';
export * from './seed-runs';
export * from './members';
export * from './requests';
export * from './documents';
export * from './refunds';
export * from './auth';
export * from './legal-pages';
export * from './audit';
export * from './rate-limits';
export * from './outbox';
export * from './verification';
export * from './contact-changes';
export * from './healthcare';
export * from './faq';
export * from './help';
export * from './account';
