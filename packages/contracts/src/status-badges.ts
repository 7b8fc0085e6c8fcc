/*
 * The status badges of the requests: the spec's two sets and the tone of a label. Apart from
 * request-rules.ts, which re-exports them, so that a screen showing a badge (home's blocks) loads these
 * lists without every request rule.
 */

/** Status badges of the spec, exactly: the success set and the warning set. */
export const SUCCESS_BADGES = [
  'Traité',
  'Envoyé',
  'Enregistré',
  'Lu',
  'Carte envoyée',
  'Rattachement effectué',
  'Demande envoyée',
  'Pris en compte',
  'Message lu',
  'Situation actualisée',
] as const;
export const WARNING_BADGES = [
  'Vérification en cours',
  'En cours',
  'En attente',
  'Non lu',
  'Impression en cours',
  'Analyse en cours',
  'En cours de préparation',
  'Message non lu',
] as const;
export type StatusBadgeLabel = (typeof SUCCESS_BADGES)[number] | (typeof WARNING_BADGES)[number];
export type BadgeTone = 'success' | 'warning';

/** Tone of a badge label: success or warning per the spec's two sets; null for a label in neither. */
export function badgeTone(label: string): BadgeTone | null {
  if ((SUCCESS_BADGES as readonly string[]).includes(label)) return 'success';
  if ((WARNING_BADGES as readonly string[]).includes(label)) return 'warning';
  return null;
}
