import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** The labels the member sees, by field name: a message names the field it is about. */
export type FieldLabels = Record<string, string>;

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
      return empty || issue.minimum === 1 ? required : field ? `${field} compte au moins ${String(issue.minimum)}\u00a0caractères.` : `Au moins ${String(issue.minimum)}\u00a0caractères.`;
    case 'too_big':
      return field ? `${field} compte au plus ${String(issue.maximum)}\u00a0caractères.` : `Au plus ${String(issue.maximum)}\u00a0caractères.`;
    default:
      return empty ? required : field ? `${field} n’est pas valide.` : 'Valeur invalide.';
  }
}

/** zodResolver with the French fallback messages, naming each field by its label when given. */
export function zodFormResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, labels: FieldLabels = {}): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema as never, { error: (issue) => frenchIssue(issue as never, labels[(issue.path ?? []).join('.')]) }) as never;
}

/**
 * The forms adapter: react-hook-form with zodResolver on a schema from contracts (or built from its
 * parts), French messages, validation on submit then on change, focus on the first invalid field.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  { labels, ...props }: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & { labels?: FieldLabels } = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...props,
    resolver: zodFormResolver(schema, labels),
  });
}
