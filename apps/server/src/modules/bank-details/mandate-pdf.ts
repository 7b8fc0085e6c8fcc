import type { TMandateContent } from '@mutua/contracts/bank-details';
import { formatIban } from '@mutua/contracts/bank-details';
import { formatDate } from '@mutua/contracts/french-format';
import { TaggedPdf } from '../../lib/tagged-pdf';

/** How the mandate was signed, printed on the signed copy. */
export type MandateSignature = { signerName: string; place: string; signedAt: Date; mobileMasked: string; procedureId: string; method: string };

/**
 * The SEPA mandate as a tagged PDF: every field the SEPA rulebook requires and its standard text; with
 * `signature`, the signature block (date, place, method). The signed copy is sealed afterwards (seal.ts),
 * over these bytes.
 */
export async function buildMandatePdf(content: TMandateContent, opts: { createdAt: Date; signature?: MandateSignature }): Promise<Buffer> {
  const pdf = new TaggedPdf({
    title: `${content.title} ${content.rum}`,
    brand: { name: content.creditor.name },
    createdAt: opts.createdAt,
    modifiedAt: opts.signature?.signedAt ?? opts.createdAt,
  });
  pdf.logo(14);
  pdf.heading(1, content.title, { gap: 8 });
  pdf.field('Référence unique du mandat (RUM)', content.rum);
  pdf.paragraph(content.paymentType, { gap: 10 });

  pdf.heading(2, 'Créancier', { size: 12 });
  pdf.field('Nom', content.creditor.name);
  pdf.field('Adresse', content.creditor.address);
  pdf.field('Identifiant créancier SEPA (ICS)', content.creditor.ics);

  pdf.heading(2, 'Débiteur', { size: 12 });
  pdf.field('Nom', content.debtor.name);
  pdf.field('Adresse', content.debtor.address);
  pdf.field('IBAN', formatIban(content.debtor.iban));
  pdf.field('BIC', content.debtor.bic ?? 'non renseigné');
  if (content.debtor.bankName) pdf.field('Banque', content.debtor.bankName);
  pdf.y += 8;

  pdf.paragraph(content.standardText, { gap: 10 });
  pdf.paragraph('Vos droits concernant le présent mandat sont expliqués dans un document que vous pouvez obtenir auprès de votre banque.', {
    size: 9,
    gap: 12,
  });

  pdf.heading(2, 'Signature', { size: 12 });
  if (opts.signature) {
    const s = opts.signature;
    pdf.field('Signé à', s.place);
    pdf.field('Le', formatDate(s.signedAt, 'words'));
    pdf.field('Signataire', s.signerName);
    pdf.field('Méthode', s.method);
    pdf.field('Téléphone', s.mobileMasked);
    pdf.field('Procédure', s.procedureId);
    pdf.paragraph('Ce document est scellé électroniquement\u00a0: toute modification ultérieure invalide le cachet.', { size: 9 });
  } else {
    pdf.paragraph('Lieu et date de signature\u00a0: à renseigner lors de la signature électronique par code SMS.');
  }
  return pdf.end();
}

export async function renderMandatePreview(content: TMandateContent, createdAt: Date): Promise<Buffer> {
  return buildMandatePdf(content, { createdAt });
}
