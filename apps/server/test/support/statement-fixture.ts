import type { TRefundDetail } from '@mutua/contracts/refunds';
import type { renderStatementPdf } from '../../src/modules/refunds/statement-pdf';

/*
 * A refund of `acts` identical specialist consultations (50 € billed, 21 € from the Sécurité sociale,
 * 24 € from the contract), as the refund statement draws it: 3 acts fit one page, 40 take two.
 */

const act = (i: number): TRefundDetail['acts'][number] =>
  ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    position: i,
    wording: `Consultation spécialiste n°\u00a0${i}`,
    careDate: '2026-11-12',
    quantity: 1,
    billedCents: 5000,
    socialSecurityBaseCents: 3000,
    overrunCents: 2000,
    socialSecurityRate: 70,
    socialSecurityCents: 2100,
    otherMutualCents: 0,
    productCents: 2400,
    remainingChargeCents: 500,
    actCode: 'CS',
  }) as unknown as TRefundDetail['acts'][number];

const refund = (acts: number): TRefundDetail =>
  ({
    reference: 'R2026-000123',
    paymentDate: '2026-11-20',
    careDate: '2026-11-12',
    beneficiary: { firstName: 'LÉA', surName: 'DURAND' },
    actFamily: 'CONSULTATION',
    actFamilyLabel: 'Consultations',
    actWording: 'Consultation spécialiste',
    paymentTarget: 'insured',
    thirdPartyName: 'Dr Élise Lefèvre',
    totalCostCents: 5000 * acts,
    socialSecurityCents: 2100 * acts,
    otherMutualCents: 0,
    productCents: 2400 * acts,
    remainingChargeCents: 500 * acts,
    socialSecurityRate: 70,
    acts: Array.from({ length: acts }, (_, i) => act(i + 1)),
    statementFileName: 'Decompte_R2026-000123.pdf',
  }) as unknown as TRefundDetail;

/** What renderStatementPdf draws for a statement of `acts` acts, issued to Camille by Mutua Santé. */
export const statementInput = (acts: number): Parameters<typeof renderStatementPdf>[0] => ({
  brand: { name: 'Mutua Santé', primaryColor: '#1c4fd8' },
  member: { membershipNumber: '123456', firstName: 'CAMILLE', surName: 'DURAND' },
  refund: refund(acts),
  issuedOn: '2026-11-27',
});
