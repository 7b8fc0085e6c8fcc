import { z } from 'zod';
import { TELETRANSMISSION_STATES } from './teletransmission-rules';

/*
 * What the portal tells a member first, on home: the insurer's announcement
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

/**
 * The Noémie link of each insured person on home: the same state « Mes bénéficiaires » and « Mes
 * préférences » show (TELETRANSMISSION_STATES, one source), with the fund's reason and date.
 */
export const ZNoemieState = z.object({
  beneficiaryId: z.string(),
  firstName: z.string(),
  state: z.enum(TELETRANSMISSION_STATES),
  /** The fund's reason, when it refused or ended the link. */
  reason: z.string().nullable(),
  /** ISO date (yyyy-mm-dd) of the fund's last answer, when there is one. */
  since: z.string().nullable(),
});
export type TNoemieState = z.infer<typeof ZNoemieState>;

/** A portal path an alert may link to: absolute, no scheme, no « // » (never another site). */
export function isPortalPath(path: string): boolean {
  return /^\/(?!\/)[\w\-./?=&%]*$/.test(path);
}

/**
 * The alert home shows while La Poste returns the member's mail as undeliverable (« NPAI »): no card until
 * a valid address is entered; it sends the member to the personal information.
 */
export const UNDELIVERABLE_ADDRESS_ALERT: TAlert = {
  id: 'undeliverable-address',
  level: 'warning',
  title: 'Adresse postale à vérifier',
  message: 'Nous ne pouvons pas vous envoyer votre carte\u00a0: renseignez une adresse valide.',
  link: { path: '/personal-info', label: 'Modifier mon adresse' },
};
