import { defineModule } from '../../core/module';

/** The audit log: no routes yet (the back office will read it); modules write through audit/public.ts. */
export const auditModule = defineModule({ name: 'audit' });
