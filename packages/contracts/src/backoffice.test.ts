import { describe, expect, it } from 'vitest';
import { ZHandoffInput, ZStaffTotp, boModeOf, canHandleCases, countdownLabel, deadlineState } from './backoffice';

describe('back office rules', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('places a case against its deadline: overdue, due within 48 h, not due; closed never late', () => {
    expect(deadlineState(new Date('2026-11-23T09:59:00Z'), now)).toBe('overdue');
    expect(deadlineState(new Date('2026-11-25T10:00:00Z'), now)).toBe('due_soon');
    expect(deadlineState(new Date('2026-11-25T10:01:00Z'), now)).toBe('not_due');
    expect(deadlineState(new Date('2026-11-01T00:00:00Z'), now, true)).toBe('not_due');
  });
  it('writes the countdown in French with non-breaking spaces', () => {
    expect(countdownLabel(new Date('2026-11-25T14:00:00Z'), now)).toBe('reste 2\u00a0j 4\u00a0h');
    expect(countdownLabel(new Date('2026-11-23T08:30:00Z'), now)).toBe('en retard de 1\u00a0h 30\u00a0min');
  });
  it('gives managers read-only entry, derogators derogation, others none; administrators do not handle cases', () => {
    expect(boModeOf('manager')).toBe('READ_ONLY');
    expect(boModeOf('derogator')).toBe('DEROGATION');
    expect(boModeOf('agent')).toBeNull();
    expect(boModeOf('administrator')).toBeNull();
    expect(canHandleCases('agent')).toBe(true);
    expect(canHandleCases('administrator')).toBe(false);
  });
  it('needs a reason for a derogation, and a 6-digit or recovery code', () => {
    expect(ZHandoffInput.safeParse({ mode: 'DEROGATION' }).success).toBe(false);
    expect(ZHandoffInput.safeParse({ mode: 'DEROGATION', reason: 'Appel de l’adhérent' }).success).toBe(true);
    expect(ZHandoffInput.safeParse({ mode: 'READ_ONLY' }).success).toBe(true);
    expect(ZStaffTotp.safeParse({ code: '123456' }).success).toBe(true);
    expect(ZStaffTotp.parse({ code: 'abcd-efgh' }).code).toBe('ABCD-EFGH');
    expect(ZStaffTotp.safeParse({ code: '12345' }).success).toBe(false);
  });
});
