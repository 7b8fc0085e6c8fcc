import type { TTermination, TTerminationForm, TerminationReason } from '@mutua/contracts/termination';

/** The form's values: no reason is chosen for the member (each reason costs a different date). */
export type TerminationFormValues = Omit<TTerminationForm, 'reason'> & { reason: TerminationReason | '' };

/** What paid-options hands to paid-options-summary (router state): the summary exists only after the form. */
export type SummaryState = { termination: TTermination; form: TerminationFormValues };
/** What the summary hands back to correct the form, or contractual-info to preselect a contract. */
export type FormState = { form?: TerminationFormValues; insurerContract?: string };

export function isSummaryState(value: unknown): value is SummaryState {
  const v = value as Partial<SummaryState> | null;
  return !!v && typeof v === 'object' && !!v.termination && typeof v.termination.id === 'string' && !!v.form;
}
