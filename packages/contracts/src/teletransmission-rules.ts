/*
 * Teletransmission states, without zod: home shows them, and a file is bundled whole — the account
 * schemas beside them would make home load zod.
 */

/**
 * One teletransmission state per insured person, read by home, « Mes bénéficiaires » and « Mes
 * préférences » alike: the member's refusal, then their pending request, then the fund's Noémie answer
 * (REJECTED, DISCONNECTED, or connected: ACTIVE), then what the contract says.
 */
export const TELETRANSMISSION_STATES = ['INACTIVE', 'REQUESTED', 'ACTIVE', 'NOT_WISHED', 'REJECTED', 'DISCONNECTED'] as const;
export type TeletransmissionState = (typeof TELETRANSMISSION_STATES)[number];
export const TELETRANSMISSION_LABELS: Record<TeletransmissionState, string> = {
  INACTIVE: 'Inactive',
  REQUESTED: 'Demande en cours',
  ACTIVE: 'Active',
  NOT_WISHED: 'Non souhaitée',
  REJECTED: 'Refusée par votre caisse',
  DISCONNECTED: 'Interrompue',
};
/** The states from which the member may ask for teletransmission (again). */
export const TELETRANSMISSION_REQUESTABLE: readonly TeletransmissionState[] = ['INACTIVE', 'NOT_WISHED', 'REJECTED', 'DISCONNECTED'];

/**
 * Whether the fund sent the Sécurité sociale's refund of a care itself (Noémie): the person's link is
 * ACTIVE, and already was on the care date when the fund says since when. Then the member need not send
 * the Sécurité sociale statement; otherwise it is the only way the insurer learns what the fund paid.
 * An empty care date (a form not filled yet) is judged on the state alone.
 */
export function careTeletransmitted(link: { state: TeletransmissionState; since: string | null }, careDate: string): boolean {
  return link.state === 'ACTIVE' && (link.since === null || careDate === '' || careDate >= link.since);
}
