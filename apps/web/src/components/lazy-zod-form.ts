import { useRef, useState, type BaseSyntheticEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { frenchIssue } from './zod-messages';

type Values = Record<string, string>;
type Schema = z.ZodType<Values, Values>;
type Errors<V> = Partial<Record<keyof V & string, { message: string }>>;

export type LazyZodForm<S extends Schema> = {
  /** Props of an uncontrolled text input: name, ref (which sets the default value), change and blur handlers. */
  register(name: keyof z.input<S> & string): UseFormRegisterReturn;
  handleSubmit(onValid: (values: z.output<S>) => void): (event?: BaseSyntheticEvent) => Promise<void>;
  formState: { errors: Errors<z.input<S>> };
  /** Starts loading the schema (and zod) before the first submit: call it when the form gets focus. */
  prefetchValidation: () => void;
};

/**
 * The light form of the screens that must start light (the sign-in routes' JavaScript budget): text
 * fields only, uncontrolled, no react-hook-form (−13 kB gzip on /login). The schema and zod load at
 * the first validation, or earlier through `prefetchValidation`. Same behaviour as useZodForm:
 * validation on submit, then on each change; focus on the first invalid field; the French messages
 * of zod-messages.ts where the schema has none.
 */
export function useLazyZodForm<S extends Schema>(loadSchema: () => Promise<S>, props: { defaultValues: z.input<S> }): LazyZodForm<S> {
  const fields = useRef(new Map<string, HTMLInputElement>()).current;
  // The ref callback is new on each render (React detaches then re-attaches it): the default value is
  // written once per input element, never over what the member typed.
  const initialised = useRef(new WeakSet<HTMLInputElement>()).current;
  const [state] = useState(() => ({ schema: null as Promise<S> | null, submitted: false }));
  const [errors, setErrors] = useState<Errors<z.input<S>>>({});
  const load = () => (state.schema ??= loadSchema());

  async function validate(): Promise<{ values: z.output<S> } | { errors: Errors<z.input<S>> }> {
    const schema = await load();
    const raw = Object.fromEntries([...fields].map(([name, input]) => [name, input.value]));
    const result = schema.safeParse(raw, { error: (issue) => frenchIssue(issue as never) });
    if (result.success) return { values: result.data };
    const found: Record<string, { message: string }> = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      found[name] ??= { message: issue.message };
    }
    return { errors: found as Errors<z.input<S>> };
  }

  async function revalidate() {
    if (!state.submitted) return;
    const outcome = await validate();
    setErrors('errors' in outcome ? outcome.errors : {});
  }

  return {
    register: (name) => ({
      name,
      ref: (input: HTMLInputElement | null) => {
        if (!input) return void fields.delete(name);
        if (!initialised.has(input)) {
          initialised.add(input);
          input.value = String((props.defaultValues as Values)[name] ?? '');
        }
        fields.set(name, input);
      },
      onChange: revalidate,
      onBlur: async () => {},
    }),
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      state.submitted = true;
      const outcome = await validate();
      if ('errors' in outcome) {
        setErrors(outcome.errors);
        [...fields].find(([name]) => name in outcome.errors)?.[1].focus();
        return;
      }
      setErrors({});
      onValid(outcome.values);
    },
    formState: { errors },
    prefetchValidation: () => void load(),
  };
}
