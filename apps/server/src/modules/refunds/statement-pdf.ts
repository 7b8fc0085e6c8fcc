import { PAYMENT_TARGET_LABELS, type TRefundDetail } from '@mutua/contracts/refunds';
import { A4_LANDSCAPE, TaggedPdf, type TableColumn } from '../../lib/tagged-pdf';
import { capitalizeName, formatEuroCents, formatFrenchDate, formatPercent } from './french-format';

export type StatementInput = {
  brand: { name: string; primaryColor: string };
  member: { membershipNumber: string; firstName: string; surName: string };
  refund: TRefundDetail;
  /** Day the statement is issued (YYYY-MM-DD). */
  issuedOn: string;
};

type Column = TableColumn & { value: (a: TRefundDetail['acts'][number]) => string };

// A4 landscape: the acts table has ten columns.
const COLUMNS: Column[] = [
  { title: 'Date des soins', width: 96, value: (a) => formatFrenchDate(a.careDate) },
  { title: 'Acte', width: 190, value: (a) => `${a.actCode} - ${a.wording}` },
  { title: 'Qté', width: 30, align: 'right', value: (a) => String(a.quantity) },
  { title: 'Montant facturé', width: 70, align: 'right', wrap: true, value: (a) => formatEuroCents(a.billedCents) },
  { title: 'Base SS', width: 62, align: 'right', value: (a) => formatEuroCents(a.socialSecurityBaseCents) },
  { title: 'Taux SS', width: 46, align: 'right', value: (a) => formatPercent(a.socialSecurityRate) },
  { title: 'Remb. Sécu', width: 66, align: 'right', value: (a) => formatEuroCents(a.socialSecurityCents) },
  { title: 'Autre mutuelle', width: 68, align: 'right', wrap: true, value: (a) => formatEuroCents(a.otherMutualCents) },
  { title: 'Remb. mutuelle', width: 70, align: 'right', wrap: true, value: (a) => formatEuroCents(a.productCents) },
  { title: 'Reste à charge', width: 70, align: 'right', wrap: true, value: (a) => formatEuroCents(a.remainingChargeCents) },
];

/**
 * The refund statement ("décompte") as a tagged PDF: brand, member, beneficiary, each act with its
 * billing in a table, the totals, the amounts in French format and the dates in words.
 */
export async function renderStatementPdf(input: StatementInput): Promise<Buffer> {
  const { refund, brand, member } = input;
  const pdf = new TaggedPdf({
    title: `Décompte de remboursement ${refund.reference}`,
    brand: { name: brand.name, color: brand.primaryColor },
    size: A4_LANDSCAPE,
    margin: 40,
  });
  pdf.logo();
  pdf.heading(1, 'Décompte de remboursement', { size: 16 });
  for (const [label, value] of [
    ['Référence', refund.reference],
    ['Date de paiement', formatFrenchDate(refund.paymentDate)],
    ['Date des soins', formatFrenchDate(refund.careDate)],
  ] as const)
    pdf.field(label, value, { gap: 2 });
  pdf.y += 8;

  const memberName = `${capitalizeName(member.firstName)} ${capitalizeName(member.surName)}`;
  const beneficiaryName = `${capitalizeName(refund.beneficiary.firstName)} ${capitalizeName(refund.beneficiary.surName)}`;
  const facts: [string, string][] = [
    ['Adhérent', `${memberName} - N° d’adhérent ${member.membershipNumber}`],
    ['Bénéficiaire des soins', beneficiaryName],
    ['Nature des soins', refund.actWording.startsWith(refund.actFamilyLabel) ? refund.actWording : `${refund.actFamilyLabel} - ${refund.actWording}`],
    ['Professionnel de santé', refund.thirdPartyName ?? 'Non renseigné'],
    ['Paiement', PAYMENT_TARGET_LABELS[refund.paymentTarget]],
  ];
  for (const [label, value] of facts) pdf.field(label, value, { gap: 2 });
  pdf.y += 10;

  pdf.heading(2, 'Détail des actes', { size: 11 });
  pdf.table(
    COLUMNS,
    refund.acts.map((act) => COLUMNS.map((c) => c.value(act))),
    { size: 8, repeatHeader: true },
  );
  pdf.y += 6;

  pdf.heading(2, 'Montants', { size: 11 });
  const totals: [string, number][] = [
    ['Dépense totale', refund.totalCostCents],
    ['Remboursement Sécurité sociale', refund.socialSecurityCents],
    ['Remboursement première mutuelle', refund.otherMutualCents],
    [`Remboursement ${brand.name}`, refund.productCents],
    ['Reste à charge', refund.remainingChargeCents],
  ];
  pdf.table(
    [
      { title: 'Montant', width: 220 },
      { title: 'Somme', width: 90, align: 'right' },
    ],
    totals.map(([label, cents]) => [label, formatEuroCents(cents)]),
    { size: 10, noHeaderRow: true, rowHeaders: true, x: pdf.width - pdf.margin - 310, boldRows: [3], color: brand.primaryColor },
  );

  pdf.ensure(30);
  pdf.paragraph(`Document établi le ${formatFrenchDate(input.issuedOn)} par ${brand.name}. Ce décompte ne constitue pas une facture.`, {
    size: 8,
    color: '#575766',
  });
  return pdf.end();
}
