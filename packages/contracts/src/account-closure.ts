import { z } from 'zod';

/** POST /api/account/closure: the member confirms with their password. */
export const ZAccountClosure = z.object({ password: z.string().min(1, 'Saisissez votre mot de passe.').max(200) });
export type TAccountClosure = z.infer<typeof ZAccountClosure>;
