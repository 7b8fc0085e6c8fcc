import { describe, expect, it } from 'vitest';
import { parisIsoDate } from './dates';
import {
  OPERATION_TYPES,
  OPERATION_TYPE_LABELS,
  PAYMENT_TARGETS,
  PAYMENT_TARGET_LABELS,
  REFUNDS_EXPORT_SHEET_NAME,
  ZRefundFilters,
  ZRefundListQuery,
  refundAmountsByTarget,
  refundBeneficiaryTypeOfRank,
  refundsExportFileName,
  remainingChargeCents,
  statementFileName,
} from './refunds';

describe('payment targets', () => {
  it('are the five columns of the refunds table, each with a French label', () => {
    expect(PAYMENT_TARGETS).toEqual(['insured', 'health_professional', 'included_in_other_payment', 'other_mutual', 'bank_account']);
    expect(PAYMENT_TARGET_LABELS).toEqual({
      insured: 'Payé à l’assuré',
      health_professional: 'Payé au professionnel de santé',
      included_in_other_payment: 'Inclus dans un autre paiement',
      other_mutual: 'Autre mutuelle ou ancienne mutuelle',
      bank_account: 'Remboursement sur compte bancaire',
    });
  });

  it('puts the product refund under its target column only', () => {
    expect(refundAmountsByTarget({ paymentTarget: 'health_professional', productCents: 1234 })).toEqual({
      insured: null,
      health_professional: 1234,
      included_in_other_payment: null,
      other_mutual: null,
      bank_account: null,
    });
  });
});

describe('operation and beneficiary types', () => {
  it('label every operation type', () => {
    expect(Object.keys(OPERATION_TYPE_LABELS).sort()).toEqual([...OPERATION_TYPES].sort());
  });
  it('map ranks to filter types', () => {
    expect(refundBeneficiaryTypeOfRank('MAIN')).toBe('main');
    expect(refundBeneficiaryTypeOfRank('PARTNER')).toBe('partner');
    expect(refundBeneficiaryTypeOfRank('CHILD')).toBe('child');
    expect(refundBeneficiaryTypeOfRank('OTHER')).toBe('child');
  });
});

describe('refund filters', () => {
  it('read lists as comma-separated or repeated values, deduplicated', () => {
    expect(ZRefundFilters.parse({ beneficiaryTypes: 'main,child,main', operationTypes: ['dental', 'optical,dental'] })).toEqual({
      beneficiaryTypes: ['main', 'child'],
      operationTypes: ['dental', 'optical'],
    });
    expect(ZRefundFilters.parse({ beneficiaryTypes: '' })).toEqual({});
  });

  it('refuse an unknown type, a bad date and a reversed range with a French message', () => {
    expect(ZRefundFilters.safeParse({ beneficiaryTypes: 'cousin' }).success).toBe(false);
    const bad = ZRefundFilters.safeParse({ startDate: '2026-02-30' });
    expect(bad.success ? null : bad.error.issues[0]!.message).toBe('Veuillez saisir une date valide');
    const reversed = ZRefundFilters.safeParse({ startDate: '2026-03-01', endDate: '2026-02-01' });
    expect(reversed.success ? null : reversed.error.issues[0]!.message).toBe('La date de début doit être antérieure ou égale à la date de fin');
    expect(ZRefundFilters.safeParse({ startDate: '2026-03-01', endDate: '2026-03-01' }).success).toBe(true);
  });

  it('page by 50 by default and at most 200', () => {
    expect(ZRefundListQuery.parse({}).limit).toBe(50);
    expect(ZRefundListQuery.parse({ limit: '200' }).limit).toBe(200);
    expect(ZRefundListQuery.safeParse({ limit: '201' }).success).toBe(false);
    expect(ZRefundListQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(ZRefundListQuery.safeParse({ startDate: '2026-03-01', endDate: '2026-02-01' }).success).toBe(false);
  });
});

describe('amounts', () => {
  it('remaining charge is what SS, other mutual and product leave, never negative', () => {
    expect(remainingChargeCents({ totalCostCents: 10000, socialSecurityCents: 3000, otherMutualCents: 1000, productCents: 4000 })).toBe(2000);
    expect(remainingChargeCents({ totalCostCents: 100, socialSecurityCents: 70, otherMutualCents: 0, productCents: 50 })).toBe(0);
  });
});

describe('file names', () => {
  it('names the export Liste_remboursements_<date>.xlsx with the French date, and the sheet Liste remboursements', () => {
    expect(refundsExportFileName(new Date('2026-01-15T10:00:00Z'))).toBe('Liste_remboursements_2026-01-15.xlsx');
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(refundsExportFileName(new Date('2025-12-31T23:30:00Z'))).toBe('Liste_remboursements_2026-01-01.xlsx');
    expect(parisIsoDate(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(REFUNDS_EXPORT_SHEET_NAME).toBe('Liste remboursements');
  });

  it('names a statement Decompte_<payment date>_<reference>.pdf with a safe reference', () => {
    expect(statementFileName({ paymentDate: '2026-01-15', reference: 'D2026-000123' })).toBe('Decompte_2026-01-15_D2026-000123.pdf');
    expect(statementFileName({ paymentDate: '2026-01-15', reference: '../x y"' })).toBe('Decompte_2026-01-15_xy.pdf');
  });
});
