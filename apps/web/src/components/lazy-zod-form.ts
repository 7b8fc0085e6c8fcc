import { useState } from 'react';
import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * useZodForm for a screen that must start light (the login route's JavaScript budget): the schema
 * and zod load at the first validation, or earlier through `prefetchValidation` (call it on focus).
 * Same resolver, same messages as useZodForm (zod-form.ts).
 */
export function useLazyZodForm<S extends Schema>(
  loadSchema: () => Promise<S>,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> & { prefetchValidation: () => void } {
  const [lazy] = useState(() => {
    let pending: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | null = null;
    const load = () => (pending ??= Promise.all([loadSchema(), import('./zod-form')]).then(([schema, m]) => m.zodFormResolver(schema as S)));
    const resolver: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, options) => (await load())(values, context, options);
    return { load, resolver };
  });
  const form = useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: true, ...props, resolver: lazy.resolver });
  return { ...form, prefetchValidation: () => void lazy.load() };
}
