import SEPA from 'sepa';

/*
 * A SEPA credit transfer initiation (ISO 20022 pain.001.001.09) built by the sepa library: one payment
 * block from the tenant's payout account, one transaction per refund, the refund number as end-to-end
 * identification and as remittance information. Amounts are integer cents here; the library takes
 * euros, converted at this edge only.
 */

export const PAIN_FORMAT = 'pain.001.001.09';

export type Transfer = { reference: string; name: string; iban: string; bic: string | null; amountCents: number };
export type TransferFile = {
  messageId: string;
  createdAt: Date;
  executionDate: string;
  debtor: { name: string; iban: string; bic: string | null };
  transfers: readonly Transfer[];
};

/**
 * Text in the SEPA character set (EPC rulebook: Latin letters, digits, space and / - ? : ( ) . , ' +):
 * accents dropped, anything else replaced, cut to the field's length.
 */
export function sepaText(text: string, max: number): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, max);
}

/** A YYYY-MM-DD date as the library formats it (local date parts): noon avoids any time-zone shift. */
const atNoon = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
};

export function buildTransferFile(file: TransferFile): string {
  if (file.transfers.length === 0) throw new Error('a transfer file needs a transfer');
  const doc = new SEPA.Document(PAIN_FORMAT);
  doc.grpHdr.id = file.messageId;
  doc.grpHdr.created = file.createdAt;
  doc.grpHdr.initiatorName = sepaText(file.debtor.name, 70);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = atNoon(file.executionDate);
  info.debtorIBAN = file.debtor.iban;
  if (file.debtor.bic) info.debtorBIC = file.debtor.bic;
  info.debtorName = sepaText(file.debtor.name, 70);
  doc.addPaymentInfo(info);
  for (const t of file.transfers) {
    const tx = info.createTransaction();
    tx.creditorName = sepaText(t.name, 70);
    tx.creditorIBAN = t.iban;
    if (t.bic) tx.creditorBIC = t.bic;
    tx.amount = t.amountCents / 100;
    tx.remittanceInfo = sepaText(t.reference, 140);
    tx.end2endId = sepaText(t.reference, 35);
    info.addTransaction(tx);
  }
  return doc.toString();
}
