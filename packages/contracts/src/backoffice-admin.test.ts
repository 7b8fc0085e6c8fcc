import { describe, expect, it } from 'vitest';
import {
  ZAnnouncementInput,
  ZFaqCategoryUpdate,
  ZFaqThemeUpdate,
  ZSlaInput,
  ZStaffCreateInput,
  ZStaffUpdateInput,
  complaintCaseDeadlines,
  parisEndOfDay,
} from './backoffice-admin';

describe('complaint deadlines in the queue', () => {
  it('ends a Paris day at 23:59:59.999 Paris time, winter and summer', () => {
    expect(parisEndOfDay('2026-11-23').toISOString()).toBe('2026-11-23T22:59:59.999Z');
    expect(parisEndOfDay('2026-07-01').toISOString()).toBe('2026-07-01T21:59:59.999Z');
  });

  it('counts 10 working days (Monday–Saturday, public holidays excluded) and 2 months', () => {
    // Received Thursday 2026-11-05 (Paris): 11 November is a public holiday, Sundays do not count.
    const { ackDueAt, dueAt } = complaintCaseDeadlines(new Date('2026-11-05T10:00:00Z'));
    // 6,7,9,10,12,13,14,16,17,18 → 18 November.
    expect(ackDueAt.toISOString()).toBe('2026-11-18T22:59:59.999Z');
    expect(dueAt.toISOString()).toBe('2027-01-05T22:59:59.999Z');
  });

  it('takes the Paris day of receipt, not the UTC one', () => {
    // 23:30 UTC on 2026-12-31 is already 1 January in Paris (public holiday).
    expect(complaintCaseDeadlines(new Date('2026-12-31T23:30:00Z')).ackDueAt.toISOString()).toBe('2027-01-13T22:59:59.999Z');
  });
});

describe('administration forms', () => {
  it('refuses in French', () => {
    expect(ZAnnouncementInput.safeParse({ message: ' ', displayed: true }).error?.issues[0]?.message).toBe('Saisissez le message de l’annonce.');
    const window = ZAnnouncementInput.safeParse({ message: 'x', displayed: true, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' });
    expect(window.error?.issues[0]?.message).toBe('La fin de l’affichage doit suivre son début.');
    expect(ZSlaInput.safeParse({ entries: [{ family: 'bill', days: 0 }] }).error?.issues[0]?.message).toBe('Entre 1 et 365 jours.');
    expect(
      ZStaffCreateInput.safeParse({ email: 'a@b.fr', displayName: 'A', role: 'agent', tenants: [], password: 'x'.repeat(12) }).error?.issues[0]?.message,
    ).toBe('Choisissez au moins une mutuelle.');
  });

  it('takes a FAQ category or theme renamed, moved or switched, and refuses an empty change', () => {
    expect(ZFaqCategoryUpdate.parse({ title: ' Prévention ', description: '' })).toEqual({ title: 'Prévention', description: '' });
    expect(ZFaqCategoryUpdate.safeParse({}).error?.issues[0]?.message).toBe('Indiquez une modification.');
    expect(ZFaqCategoryUpdate.safeParse({ title: ' ' }).error?.issues[0]?.message).toBe('Saisissez le titre.');
    expect(ZFaqThemeUpdate.parse({ move: 'down', enabled: false })).toEqual({ move: 'down', enabled: false });
    expect(ZFaqThemeUpdate.safeParse({ move: 'left' }).error?.issues[0]?.message).toBe('Déplacement inconnu\u00a0: vers le haut ou vers le bas.');
  });

  it('names the four roles when a role is unknown', () => {
    expect(ZStaffUpdateInput.parse({ role: 'manager' })).toEqual({ role: 'manager' });
    expect(ZStaffUpdateInput.safeParse({ role: 'chef' }).error?.issues[0]?.message).toBe(
      'Choisissez un rôle\u00a0: gestionnaire, responsable, dérogataire ou administrateur.',
    );
  });
});
