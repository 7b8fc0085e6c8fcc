import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_DECISION_RULES, ZAutoDecisionRules, autoDecisionReasons, drawnForPostCheck, type ClaimFacts } from './auto-decision';

const standard: ClaimFacts = {
  actCode: 'CONSULTATION_GENERALISTE',
  amountCents: 30_00,
  duplicate: false,
  readConfidence: 0.93,
  covered: true,
  allowanceAvailable: true,
  refundCents: 9_00,
};

describe('automatic decision rules', () => {
  it('decides a standard GP claim automatically', () => {
    expect(autoDecisionReasons(DEFAULT_AUTO_DECISION_RULES, standard)).toEqual([]);
  });

  it('gives every reason that holds', () => {
    expect(
      autoDecisionReasons(DEFAULT_AUTO_DECISION_RULES, {
        ...standard,
        actCode: 'DENTAIRE_PROTHESE',
        amountCents: 900_00,
        duplicate: true,
        readConfidence: 0.4,
      }),
    ).toEqual(['ACT_NOT_ALLOWED', 'AMOUNT_ABOVE_THRESHOLD', 'DUPLICATE', 'DOCUMENT_NOT_READ']);
  });

  it('refuses an unread or mismatching invoice unless the tenant does not require the reading', () => {
    expect(autoDecisionReasons(DEFAULT_AUTO_DECISION_RULES, { ...standard, readConfidence: null })).toEqual(['DOCUMENT_NOT_READ']);
    expect(autoDecisionReasons({ ...DEFAULT_AUTO_DECISION_RULES, minReadConfidence: 0 }, { ...standard, readConfidence: null })).toEqual([]);
  });

  it('keeps the threshold inclusive', () => {
    expect(autoDecisionReasons(DEFAULT_AUTO_DECISION_RULES, { ...standard, amountCents: DEFAULT_AUTO_DECISION_RULES.maxAmountCents })).toEqual([]);
    expect(autoDecisionReasons(DEFAULT_AUTO_DECISION_RULES, { ...standard, amountCents: DEFAULT_AUTO_DECISION_RULES.maxAmountCents + 1 })).toEqual([
      'AMOUNT_ABOVE_THRESHOLD',
    ]);
  });

  it('sends uncovered people, exhausted allowances and nothing-to-pay to an agent', () => {
    expect(autoDecisionReasons(DEFAULT_AUTO_DECISION_RULES, { ...standard, covered: false })).toEqual(['NOT_COVERED']);
    expect(autoDecisionReasons(DEFAULT_AUTO_DECISION_RULES, { ...standard, allowanceAvailable: false })).toEqual(['ALLOWANCE_EXHAUSTED']);
    expect(autoDecisionReasons(DEFAULT_AUTO_DECISION_RULES, { ...standard, refundCents: 0 })).toEqual(['NOTHING_TO_REFUND']);
  });

  it('decides nothing when switched off', () => {
    expect(autoDecisionReasons({ ...DEFAULT_AUTO_DECISION_RULES, enabled: false }, standard)).toEqual(['DISABLED']);
  });

  it('draws the post-check share', () => {
    expect(drawnForPostCheck({ postCheckPercent: 5 }, 0.049)).toBe(true);
    expect(drawnForPostCheck({ postCheckPercent: 5 }, 0.05)).toBe(false);
    expect(drawnForPostCheck({ postCheckPercent: 0 }, 0)).toBe(false);
    expect(drawnForPostCheck({ postCheckPercent: 100 }, 0.9999)).toBe(true);
  });

  it('refuses rules out of range', () => {
    expect(ZAutoDecisionRules.safeParse({ ...DEFAULT_AUTO_DECISION_RULES, postCheckPercent: 101 }).success).toBe(false);
    expect(ZAutoDecisionRules.safeParse({ ...DEFAULT_AUTO_DECISION_RULES, minReadConfidence: 1.5 }).success).toBe(false);
    expect(ZAutoDecisionRules.safeParse({ ...DEFAULT_AUTO_DECISION_RULES, maxAmountCents: -1 }).success).toBe(false);
  });
});
