// One file per business area; each table here has its CREATE in db/migrations.
export * from './tenants';
export * from './seed-runs';
export * from './members';
