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
