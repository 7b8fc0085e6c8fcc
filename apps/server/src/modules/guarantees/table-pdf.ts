import { formatEuros } from '@mutua/contracts/guarantees';
import type { Db } from '../../db/client';
import { TaggedPdf } from '../../lib/tagged-pdf';
import { loadOverview } from './allowances';

/*
 * The documents page's « Tableau de garanties »: the product the main insured holds today, drawn from
 * its structured guarantees under the five headings, then the refund examples in euros the engine
 * computes — never a stored text that could drift from what is paid.
 */

/** The PDF of the main insured's product, or null when nobody of the contract holds one today. */
export async function guaranteesTablePdf(db: Db, tenant: { id: string; name: string }, memberId: string, today: string): Promise<Buffer | null> {
  const overview = await loadOverview(db, tenant.id, memberId, today);
  const held = overview.beneficiaries.find((b) => b.familyPosition === 1) ?? overview.beneficiaries[0];
  const product = overview.products.find((p) => p.code === held?.productCode);
  if (!product) return null;

  const title = `Tableau de garanties – ${product.label}`;
  const pdf = new TaggedPdf({ title, brand: { name: tenant.name } });
  pdf.logo(14);
  pdf.heading(1, title);
  pdf.paragraph(
    `En vigueur depuis le ${product.validFrom.split('-').reverse().join('/')}${product.responsable ? ' · contrat responsable' : ''}. Remboursements Sécurité sociale comprise, sauf mention contraire.`,
    { size: 9 },
  );
  const columns = [
    { title: 'Soins', width: 300, wrap: true },
    { title: 'Remboursement', width: pdf.contentWidth - 300, wrap: true },
  ];
  for (const heading of product.table) {
    pdf.heading(2, heading.label);
    pdf.table(
      columns,
      heading.rows.map((row) => [row.label, row.value]),
      { size: 10, rowHeaders: true, repeatHeader: true },
    );
  }
  pdf.heading(2, 'Exemples de remboursement');
  pdf.paragraph('Calculés pour un adulte dans le parcours de soins, sans plafond déjà consommé.', { size: 9 });
  pdf.table(
    [
      { title: 'Exemple', width: 175, wrap: true },
      { title: 'Dépense', width: 80, align: 'right' },
      { title: 'Sécurité sociale', width: 80, align: 'right', wrap: true },
      { title: product.label, width: 80, align: 'right', wrap: true },
      { title: 'Reste à charge', width: pdf.contentWidth - 415, align: 'right', wrap: true },
    ],
    product.examples.map((e) => [e.label, formatEuros(e.expenseCents), formatEuros(e.amoCents), formatEuros(e.amcCents), formatEuros(e.remainingCents)]),
    { size: 9, rowHeaders: true, repeatHeader: true },
  );
  return pdf.end();
}
