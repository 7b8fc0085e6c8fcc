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

describe('card by e-mail: the confirmed address', () => {
  it('takes a valid address, trimmed, replaceStored off by default', async () => {
    const { ZTpCardEmailRequest } = await import('./tp-card');
    expect(ZTpCardEmailRequest.parse({ email: '  camille@example.com ' })).toEqual({ email: 'camille@example.com', replaceStored: false });
  });
  it('refuses an empty or malformed address in French', async () => {
    const { ZTpCardEmailRequest } = await import('./tp-card');
    expect(ZTpCardEmailRequest.safeParse({ email: '' }).error?.issues[0]?.message).toBe('Saisissez l’adresse e-mail qui recevra votre carte.');
    expect(ZTpCardEmailRequest.safeParse({ email: 'camille@' }).error?.issues[0]?.message).toBe('Adresse e-mail invalide.');
  });
});

describe('paper resend states', () => {
  it('reads received → printing → sent, the last one in the spec’s success set', async () => {
    const { PAPER_RESEND_STATES, PAPER_RESEND_STATE_LABELS } = await import('./tp-card');
    const { badgeTone } = await import('./requests');
    expect(PAPER_RESEND_STATES.map((s) => PAPER_RESEND_STATE_LABELS[s])).toEqual(['Demande reçue', 'Impression en cours', 'Carte envoyée']);
    expect(badgeTone('Carte envoyée')).toBe('success');
  });
});
