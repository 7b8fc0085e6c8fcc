import { formatPersonName } from './format';

/**
 * The choices of a list of the family's people, each by name under its family position; first the
 * prompt « Choisissez un bénéficiaire » (left out where there is only one person to choose).
 */
export function beneficiaryOptions(beneficiaries: readonly { familyPosition: number; firstName: string; surName: string }[], prompt = true) {
  const people = beneficiaries.map((b) => ({ value: String(b.familyPosition), label: formatPersonName(b) }));
  return prompt ? [{ value: '', label: 'Choisissez un bénéficiaire' }, ...people] : people;
}
