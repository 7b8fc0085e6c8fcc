import { describe, expect, it } from 'vitest';
import { paperResendAllowedFrom } from './tp-card';

describe('paper card resend: 30 days after the last one', () => {
  it('allows a first request, blocks for 30 days, then allows again', () => {
    expect(paperResendAllowedFrom(null, '2026-11-23')).toBeNull();
    expect(paperResendAllowedFrom('2026-11-23', '2026-11-23')).toBe('2026-12-23');
    expect(paperResendAllowedFrom('2026-11-01', '2026-11-30')).toBe('2026-12-01');
    expect(paperResendAllowedFrom('2026-11-01', '2026-12-01')).toBeNull();
  });
});
