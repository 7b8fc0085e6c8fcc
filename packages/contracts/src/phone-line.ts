import { z } from 'zod';
import { dataEnvelope } from './api';

/*
 * The tenant's phone line and its accessible equivalent for deaf and hard-of-hearing callers (relay
 * service: real-time written transcription, LSF, LPC). Since 1 October 2026 a service with a customer
 * phone line must offer that equivalent over the same hours: both read the one table of open days.
 */

const DAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;

/** « 8 h 30 », « 18 h » (French time of day, no-break spaces). */
export function frenchTime(hhmm: string): string {
  const [h, m] = hhmm.split(':');
  return `${Number(h)}\u00a0h${m && m !== '00' ? `\u00a0${m}` : ''}`;
}

export type OpenDay = { dayOfWeek: number; opensAt: string; closesAt: string };

/**
 * The open days in words, consecutive days with the same hours grouped: « Du lundi au vendredi de
 * 8 h 30 à 18 h », « Du lundi au vendredi de 9 h à 17 h 30 et le samedi de 9 h à 12 h ». Empty when closed.
 */
export function openingHoursSentence(days: readonly OpenDay[]): string {
  const sorted = [...days].sort((a, b) => a.dayOfWeek - b.dayOfWeek);
  const runs: { from: number; to: number; opensAt: string; closesAt: string }[] = [];
  for (const d of sorted) {
    const last = runs.at(-1);
    if (last && last.to === d.dayOfWeek - 1 && last.opensAt === d.opensAt && last.closesAt === d.closesAt) last.to = d.dayOfWeek;
    else runs.push({ from: d.dayOfWeek, to: d.dayOfWeek, opensAt: d.opensAt, closesAt: d.closesAt });
  }
  const parts = runs.map((r, i) => {
    const when =
      r.from === r.to
        ? `le ${DAYS[r.from - 1]}`
        : r.to === r.from + 1
          ? `le ${DAYS[r.from - 1]} et le ${DAYS[r.to - 1]}`
          : `du ${DAYS[r.from - 1]} au ${DAYS[r.to - 1]}`;
    const text = `${when} de ${frenchTime(r.opensAt)} à ${frenchTime(r.closesAt)}`;
    return i === 0 ? text.charAt(0).toUpperCase() + text.slice(1) : text;
  });
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} et ${parts.at(-1)}`;
}

/** The three ways a relay service lets a deaf or hard-of-hearing member talk to an adviser. */
export const RELAY_MODES = ['Transcription écrite en temps réel', 'Langue des signes française (LSF)', 'Langue française parlée complétée (LPC)'] as const;

export const ZRelayService = z.object({
  provider: z.string(),
  url: z.string(),
  /** Shown with the link when the provider also gives a number (SMS or video phone). */
  phone: z.string(),
  modes: z.array(z.string()),
  /** The phone line's own hours, in words. */
  hours: z.string(),
});
export type TRelayService = z.infer<typeof ZRelayService>;

export const ZPhoneLine = z.object({
  phone: z.string(),
  hours: z.string(),
  days: z.array(z.object({ dayOfWeek: z.number().int(), opensAt: z.string(), closesAt: z.string() })),
  /** null while the tenant has set no relay service. */
  relayService: ZRelayService.nullable(),
});
export type TPhoneLine = z.infer<typeof ZPhoneLine>;
export const ZPhoneLineResponse = dataEnvelope(ZPhoneLine);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZTime = z.string().regex(HHMM, 'Saisissez une heure au format HH:MM (par exemple 08:30).');

/** PUT /api/bo/tenants/{id}/phone-line: the line, its open days, and the relay service (empty provider = none). */
export const ZPhoneLineInput = z
  .object({
    phone: z
      .string()
      .trim()
      .regex(/^(\+33\s?|0)[1-9](\s?\d{2}){4}$/, 'Saisissez un numéro de téléphone français (10 chiffres).'),
    days: z
      .array(z.object({ dayOfWeek: z.number().int().min(1).max(7), opensAt: ZTime, closesAt: ZTime }))
      .min(1, 'Ouvrez la ligne au moins un jour.')
      .max(7)
      .refine((days) => new Set(days.map((d) => d.dayOfWeek)).size === days.length, 'Chaque jour ne peut figurer qu’une fois.')
      .refine((days) => days.every((d) => d.closesAt > d.opensAt), 'L’heure de fermeture doit suivre l’heure d’ouverture.'),
    relayProvider: z.string().trim().max(120, 'Le nom ne doit pas dépasser 120\u00a0caractères.'),
    relayUrl: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(300)
        .url('Saisissez l’adresse complète du service (https://…).')
        .startsWith('https://', 'Saisissez l’adresse complète du service (https://…).'),
    ]),
    relayPhone: z.string().trim().max(30, 'Le numéro ne doit pas dépasser 30\u00a0caractères.'),
  })
  .refine((v) => !v.relayProvider || v.relayUrl, { path: ['relayUrl'], message: 'Indiquez l’adresse du service d’accessibilité.' })
  .refine((v) => !v.relayUrl || v.relayProvider, { path: ['relayProvider'], message: 'Indiquez le nom du service d’accessibilité.' });
export type TPhoneLineInput = z.input<typeof ZPhoneLineInput>;
export const ZAdminPhoneLineResponse = dataEnvelope(
  z.object({ phone: z.string(), days: ZPhoneLine.shape.days, relayProvider: z.string(), relayUrl: z.string(), relayPhone: z.string(), hours: z.string() }),
);
