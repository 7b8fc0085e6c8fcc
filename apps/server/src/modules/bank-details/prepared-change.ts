import type { z } from 'zod';
import type { ZBankDetailsChangeFields } from '@mutua/contracts/bank-details';
import type { InspectedUpload } from '../../http/upload-check';
import type { AppError } from '../../lib/app-error';

export type ChangeFields = z.output<typeof ZBankDetailsChangeFields>;

/** What both uses start from, once the person and the account in force are known. */
export type PreparedChange = {
  memberId: string;
  now: Date;
  fields: ChangeFields;
  files: readonly InspectedUpload[];
  person: { id: string; firstName: string; surName: string };
  /** The new IBAN's keyed hash, and that of the account in force for that use (the IBANs are stored encrypted). */
  ibanHash: string;
  inForce: { ibanHmac: string | null } | undefined;
  account: { holder: string; iban: string; bic: string | null; bankName: string | null };
  /** The change as the audit log names it (the IBAN masked). */
  audited: { target: ChangeFields['target']; familyPosition: number; iban: string };
  base: { tenantId: string; memberId: string; ip: string };
  /** Audits a refusal (IBAN in use, a change already being checked) and gives the error back to throw. */
  refused: (error: AppError) => Promise<AppError>;
};
