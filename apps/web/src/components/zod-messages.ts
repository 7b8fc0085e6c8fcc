/*
 * The French messages of form validation, without react-hook-form: the light login form (lazy-zod-form.ts)
 * and the forms adapter (zod-form.ts) share them.
 */

/**
 * French fallback for the issues a shared schema (contracts) carries no message for: messages written
 * in a schema always win; this only replaces zod's English defaults. Given the field's label, the
 * message names it (« Le champ « Code postal » est obligatoire. »), so that it reads on its own too
 * (a screen reader's list of errors, the summary above a form).
 */
export function frenchIssue(issue: { code: string; input?: unknown; minimum?: unknown; maximum?: unknown; origin?: unknown }, label?: string): string {
  const empty = issue.input === undefined || issue.input === null || (typeof issue.input === 'string' && issue.input.trim() === '');
  const field = label ? `Le champ «\u00a0${label}\u00a0»` : null;
  const required = field ? `${field} est obligatoire.` : 'Ce champ est obligatoire.';
  switch (issue.code) {
    case 'invalid_type':
      return required;
    case 'too_small':
      return empty || issue.minimum === 1
        ? required
        : field
          ? `${field} compte au moins ${String(issue.minimum)}\u00a0caractères.`
          : `Au moins ${String(issue.minimum)}\u00a0caractères.`;
    case 'too_big':
      return field ? `${field} compte au plus ${String(issue.maximum)}\u00a0caractères.` : `Au plus ${String(issue.maximum)}\u00a0caractères.`;
    default:
      return empty ? required : field ? `${field} n’est pas valide.` : 'Valeur invalide.';
  }
}
