import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import {
  get,
  useForm,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { frenchIssue } from './zod-messages';

export { frenchIssue };

/** The labels the member sees, by field name: a message names the field it is about. */
export type FieldLabels = Record<string, string>;

/** zodResolver with the French fallback messages, naming each field by its label when given. */
export function zodFormResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  labels: FieldLabels = {},
): Resolver<z.input<S>, unknown, z.output<S>> {
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

/**
 * The server's refusals under their fields: each message of a VALIDATION_FAILED answer (`fields`, by
 * path in the body sent) becomes the error of the form's field of that name; the form (components/form)
 * then moves the focus to the first. Call it with the error of the mutation that sends the form.
 */
export function useServerFieldErrors<T extends FieldValues>(form: Pick<UseFormReturn<T, unknown, never>, 'setError'>, error: unknown): void {
  const { setError } = form;
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    for (const [name, message] of Object.entries(error.fieldErrors)) setError(name as Path<T>, { type: 'server', message });
  }, [error, setError]);
}

/**
 * A field of the form as a Mantine input takes it: registered, with its French message under it
 * (`<TextInput label="Objet" {...formField(form, 'subject')} />`). Takes a useZodForm or a useLazyZodForm.
 */
export function formField<N extends string>(form: { register: (name: N) => UseFormRegisterReturn<string>; formState: { errors: object } }, name: NoInfer<N>) {
  return { error: (get(form.formState.errors, name) as FieldError | undefined)?.message, ...form.register(name) };
}
