import type { Writable } from 'node:stream';
import { PAYMENT_TARGETS, PAYMENT_TARGET_LABELS, REFUNDS_EXPORT_SHEET_NAME, refundAmountsByTarget, type TRefundSummary } from '@mutua/contracts/refunds';
import type ExcelJS from 'exceljs';
import { capitalizeName } from './french-format';

/** Amounts are numbers in euros shown with the euro format; dates are real dates. */
export const EURO_FORMAT = '#,##0.00 "€"';
export const DATE_FORMAT = 'dd/mm/yyyy';
export const PERCENT_FORMAT = '0%';

type ColumnSpec = { header: string; key: string; width: number; numFmt?: string; value: (r: TRefundSummary) => ExcelJS.CellValue };

const euros = (cents: number | null) => (cents === null ? null : cents / 100);
/** Midnight UTC of the day: Excel stores days, and ExcelJS converts dates from UTC. */
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

export const EXPORT_COLUMNS: ColumnSpec[] = [
  { header: 'Date des soins', key: 'careDate', width: 14, numFmt: DATE_FORMAT, value: (r) => day(r.careDate) },
  { header: 'Date de paiement', key: 'paymentDate', width: 16, numFmt: DATE_FORMAT, value: (r) => day(r.paymentDate) },
  {
    header: 'Bénéficiaire',
    key: 'beneficiary',
    width: 22,
    value: (r) => `${capitalizeName(r.beneficiary.firstName)} ${capitalizeName(r.beneficiary.surName)}`,
  },
  { header: 'Type d’opération', key: 'actFamily', width: 24, value: (r) => r.actFamilyLabel },
  { header: 'Acte', key: 'actWording', width: 36, value: (r) => r.actWording },
  { header: 'Professionnel de santé', key: 'thirdPartyName', width: 30, value: (r) => r.thirdPartyName },
  { header: 'Dépense', key: 'totalCost', width: 13, numFmt: EURO_FORMAT, value: (r) => euros(r.totalCostCents) },
  { header: 'Taux Sécurité sociale', key: 'ssRate', width: 12, numFmt: PERCENT_FORMAT, value: (r) => r.socialSecurityRate / 100 },
  { header: 'Remboursement Sécurité sociale', key: 'socialSecurity', width: 16, numFmt: EURO_FORMAT, value: (r) => euros(r.socialSecurityCents) },
  { header: 'Remboursement autre mutuelle', key: 'otherMutual', width: 16, numFmt: EURO_FORMAT, value: (r) => euros(r.otherMutualCents) },
  { header: 'Remboursement mutuelle', key: 'product', width: 16, numFmt: EURO_FORMAT, value: (r) => euros(r.productCents) },
  { header: 'Reste à charge', key: 'remainingCharge', width: 14, numFmt: EURO_FORMAT, value: (r) => euros(r.remainingChargeCents) },
  ...PAYMENT_TARGETS.map((target): ColumnSpec => ({
    header: PAYMENT_TARGET_LABELS[target],
    key: target,
    width: 18,
    numFmt: EURO_FORMAT,
    value: (r) => euros(refundAmountsByTarget(r)[target]),
  })),
  { header: 'Référence du décompte', key: 'reference', width: 18, value: (r) => r.reference },
];

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams the filtered refunds into an .xlsx on `out`, one batch at a time (a member with tens of
 * thousands of refunds never sits in memory at once). Sheet 'Liste remboursements', frozen header row.
 */
export async function writeRefundsWorkbook(out: Writable, batches: AsyncIterable<TRefundSummary[]>, meta: { creator: string }): Promise<number> {
  // Loaded on the first export, not at start (a third of a second of every start otherwise).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = meta.creator;
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(REFUNDS_EXPORT_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let rows = 0;
  for await (const batch of batches) {
    for (const refund of batch) {
      const row = sheet.addRow(Object.fromEntries(EXPORT_COLUMNS.map((c) => [c.key, c.value(refund)])));
      EXPORT_COLUMNS.forEach((c, i) => {
        if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
      });
      row.commit();
      rows++;
    }
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, rows + 1), column: EXPORT_COLUMNS.length } };
  sheet.commit();
  await workbook.commit();
  return rows;
}
