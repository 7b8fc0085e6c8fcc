import { z } from 'zod';

/*
 * What the portal tells a member first, on home (portal-access.md §3): the insurer's announcement
 * (announcement, isAnnouncementDisplayed), the alerts (alertDtoList) and the state of the Noémie
 * link between the member's health-insurance fund and the insurer (noemieStateDtoList).
 */

export const ALERT_LEVELS = ['info', 'warning', 'critical'] as const;
export const ZAlert = z.object({
  id: z.string(),
  level: z.enum(ALERT_LEVELS),
  title: z.string(),
  message: z.string(),
  /** A page of the portal where the member acts on it, with its label. */
  link: z.object({ path: z.string(), label: z.string() }).nullable(),
});
export type TAlert = z.infer<typeof ZAlert>;

/** The Noémie link of one beneficiary with the fund: asked, working, refused by the fund, or ended. */
export const NOEMIE_STATES = {
  REQUESTED: 'Demande de connexion envoyée à votre caisse',
  CONNECTED: 'Télétransmission active',
  REJECTED: 'Connexion refusée par votre caisse',
  DISCONNECTED: 'Télétransmission interrompue',
} as const;
export type NoemieState = keyof typeof NOEMIE_STATES;
export const NOEMIE_STATE_IDS = Object.keys(NOEMIE_STATES) as [NoemieState, ...NoemieState[]];

export const ZNoemieState = z.object({
  beneficiaryId: z.string(),
  firstName: z.string(),
  state: z.enum(NOEMIE_STATE_IDS),
  /** The fund's reason, when it refused or ended the link. */
  reason: z.string().nullable(),
  /** ISO date (yyyy-mm-dd) of the state. */
  since: z.string(),
});
export type TNoemieState = z.infer<typeof ZNoemieState>;

/** A portal path an alert may link to: absolute, no scheme, no « // » (never another site). */
export function isPortalPath(path: string): boolean {
  return /^\/(?!\/)[\w\-./?=&%]*$/.test(path);
}

/**
 * The alert home shows while La Poste returns the member's mail as undeliverable (« NPAI »), member-features
 * §8 « Address notification: no card, enter a valid address »: it sends the member to the personal information.
 */
export const UNDELIVERABLE_ADDRESS_ALERT: TAlert = {
  id: 'undeliverable-address',
  level: 'warning',
  title: 'Adresse postale à vérifier',
  message: 'Nous ne pouvons pas vous envoyer votre carte\u00a0: renseignez une adresse valide.',
  link: { path: '/personal-info', label: 'Modifier mon adresse' },
};
