import { describe, expect, it } from 'vitest';
import { ZPhoneLineInput, frenchTime, openingHoursSentence } from './phone-line';

const week = (opensAt: string, closesAt: string, days = [1, 2, 3, 4, 5]) => days.map((dayOfWeek) => ({ dayOfWeek, opensAt, closesAt }));

describe('the phone line’s hours in words', () => {
  it('says « Du lundi au vendredi de 8 h 30 à 18 h », with no-break spaces', () => {
    expect(openingHoursSentence(week('08:30', '18:00'))).toBe('Du lundi au vendredi de 8\u00a0h\u00a030 à 18\u00a0h');
    expect(frenchTime('09:05')).toBe('9\u00a0h\u00a005');
  });
  it('groups consecutive days with the same hours and names the others', () => {
    expect(openingHoursSentence([...week('09:00', '17:30'), { dayOfWeek: 6, opensAt: '09:00', closesAt: '12:00' }])).toBe(
      'Du lundi au vendredi de 9\u00a0h à 17\u00a0h\u00a030 et le samedi de 9\u00a0h à 12\u00a0h',
    );
    expect(openingHoursSentence(week('08:00', '12:00', [1, 3]))).toBe('Le lundi de 8\u00a0h à 12\u00a0h et le mercredi de 8\u00a0h à 12\u00a0h');
    expect(openingHoursSentence(week('08:00', '12:00', [4, 5]))).toBe('Le jeudi et le vendredi de 8\u00a0h à 12\u00a0h');
    expect(openingHoursSentence([])).toBe('');
  });
});

describe('the phone line’s settings', () => {
  const ok = { phone: '09 69 32 10 00', days: week('08:30', '18:00'), relayProvider: 'Relais', relayUrl: 'https://relais.example/mutua', relayPhone: '' };
  it('accepts a line with its relay service, or without one', () => {
    expect(ZPhoneLineInput.safeParse(ok).success).toBe(true);
    expect(ZPhoneLineInput.safeParse({ ...ok, relayProvider: '', relayUrl: '' }).success).toBe(true);
  });
  it('refuses closing before opening, a day twice, a relay without its address, a plain http address', () => {
    const messages = (v: unknown) => (ZPhoneLineInput.safeParse(v).error?.issues ?? []).map((i) => i.message);
    expect(messages({ ...ok, days: week('18:00', '08:30') })).toContain('L’heure de fermeture doit suivre l’heure d’ouverture.');
    expect(messages({ ...ok, days: [...week('08:30', '18:00'), { dayOfWeek: 1, opensAt: '09:00', closesAt: '10:00' }] })).toContain(
      'Chaque jour ne peut figurer qu’une fois.',
    );
    expect(messages({ ...ok, relayUrl: '' })).toContain('Indiquez l’adresse du service d’accessibilité.');
    expect(messages({ ...ok, relayUrl: 'http://relais.example' })).toContain('Saisissez l’adresse complète du service (https://…).');
    expect(messages({ ...ok, days: [] })).toContain('Ouvrez la ligne au moins un jour.');
  });
});
