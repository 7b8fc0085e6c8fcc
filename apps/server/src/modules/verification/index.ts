import { defineModule } from '../../core/module';

/** One-time codes for any purpose (sign-in, contact change, signatures), by e-mail or SMS: used through verification/public.ts. */
export const verificationModule = defineModule({ name: 'verification' });
