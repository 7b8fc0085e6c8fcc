/*
 * The refund statement's rendering alone, on one core: mean milliseconds per PDF over a warm loop, for
 * a 3-act and a 40-act refund (two pages). Run: `taskset -c 0 npx tsx bench/statement-pdf.ts`.
 */
import type { TRefundDetail } from '@mutua/contracts';
import { renderStatementPdf } from '../src/modules/refunds/statement-pdf';

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
    beneficiary: { firstName: 'CAMILLE', surName: 'MARTIN' },
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

const input = (acts: number) => ({
  brand: { name: 'Mutua Santé', primaryColor: '#1c4fd8' },
  member: { membershipNumber: '123456', firstName: 'CAMILLE', surName: 'MARTIN' },
  refund: refund(acts),
  issuedOn: '2026-11-27',
});

for (const acts of [3, 40]) {
  const data = input(acts);
  for (let i = 0; i < 20; i++) await renderStatementPdf(data);
  const runs = Number(process.env.RUNS ?? 200);
  const start = process.hrtime.bigint();
  let bytes = 0;
  for (let i = 0; i < runs; i++) bytes = (await renderStatementPdf(data)).length;
  const ms = Number(process.hrtime.bigint() - start) / 1e6 / runs;
  console.log(`statement PDF, ${acts} acts: ${ms.toFixed(2)} ms per PDF (${bytes} bytes)`);
}
