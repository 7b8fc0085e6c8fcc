import type { TTermination, TTerminationForm } from '@mutua/contracts';

/** What paid-options hands to paid-options-summary (router state): the summary exists only after the form. */
export type SummaryState = { termination: TTermination; form: TTerminationForm };
/** What the summary hands back to correct the form, or contractual-info to preselect a contract. */
export type FormState = { form?: TTerminationForm; insurerContract?: string };

export function isSummaryState(value: unknown): value is SummaryState {
  const v = value as Partial<SummaryState> | null;
  return !!v && typeof v === 'object' && !!v.termination && typeof v.termination.id === 'string' && !!v.form;
}
