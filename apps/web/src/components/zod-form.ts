import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * French fallback for the issues a shared schema (contracts) carries no message for: messages written
 * in a schema always win; this only replaces zod's English defaults.
 */
export function frenchIssue(issue: { code: string; input?: unknown; minimum?: unknown; maximum?: unknown; origin?: unknown }): string {
  const empty = issue.input === undefined || issue.input === null || (typeof issue.input === 'string' && issue.input.trim() === '');
  switch (issue.code) {
    case 'invalid_type':
      return 'Ce champ est obligatoire.';
    case 'too_small':
      return empty || issue.minimum === 1 ? 'Ce champ est obligatoire.' : `Au moins ${String(issue.minimum)} caractères.`;
    case 'too_big':
      return `Au plus ${String(issue.maximum)} caractères.`;
    default:
      return empty ? 'Ce champ est obligatoire.' : 'Valeur invalide.';
  }
}

/** zodResolver with the French fallback messages. */
export function zodFormResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema as never, { error: (issue) => frenchIssue(issue as never) }) as never;
}

/**
 * The forms adapter: react-hook-form with zodResolver on a schema from contracts (or built from its
 * parts), French messages, validation on submit then on change, focus on the first invalid field.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...props,
    resolver: zodFormResolver(schema),
  });
}
