import { PASSWORD_MISSING_MESSAGE, ZLoginIdentifier } from '@mutua/contracts/auth';
import { z } from 'zod';

/** The login (and activation) form: identifier (e-mail or 8-digit membership number) and password. */
export const ZLoginForm = z.object({
  login: ZLoginIdentifier,
  password: z.string().min(1, PASSWORD_MISSING_MESSAGE),
});
