import { z } from 'zod';

/** A person's place in the family: its own file, so the rules that read it need not import the global details. */
export const ZBeneficiaryRank = z.enum(['MAIN', 'PARTNER', 'CHILD', 'OTHER']);
export type BeneficiaryRank = z.infer<typeof ZBeneficiaryRank>;
