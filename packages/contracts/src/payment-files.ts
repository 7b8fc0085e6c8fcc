import { z } from 'zod';

/*
 * SEPA credit transfer files (ISO 20022 pain.001.001.09): one per tenant per batch, holding every
 * published refund due to a member or a beneficiary once. Third-party-payment refunds (paid to the
 * professional by the tiers payant) are listed beside the file, never paid to the member.
 */

export const ZPaymentFile = z.object({
  id: z.uuid(),
  tenantId: z.string(),
  /** The file's message identification (GrpHdr/MsgId), unique. */
  messageId: z.string(),
  /** Requested execution date of the transfers. */
  executionDate: z.iso.date(),
  createdAt: z.iso.datetime(),
  /** When staff marked the file handed to the bank; null: not yet. */
  sentAt: z.iso.datetime().nullable(),
  sentBy: z.string().nullable(),
  transferCount: z.number().int(),
  transferTotalCents: z.number().int(),
  /** Third-party-payment refunds of the batch: listed, not paid by this file. */
  listedCount: z.number().int(),
  listedTotalCents: z.number().int(),
});
export type TPaymentFile = z.infer<typeof ZPaymentFile>;

export const ZPaymentFileLine = z.object({
  refundId: z.uuid(),
  reference: z.string(),
  kind: z.enum(['TRANSFER', 'THIRD_PARTY']),
  payeeName: z.string(),
  /** Masked for display: the country, check digits and last four characters. */
  ibanMasked: z.string().nullable(),
  amountCents: z.number().int(),
});
export type TPaymentFileLine = z.infer<typeof ZPaymentFileLine>;

export const ZPaymentFileDetail = ZPaymentFile.extend({ lines: z.array(ZPaymentFileLine) });
export type TPaymentFileDetail = z.infer<typeof ZPaymentFileDetail>;
