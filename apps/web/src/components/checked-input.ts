import { useInputState } from '@mantine/hooks';
import { useState } from 'react';
import type { z } from 'zod';

/**
 * A form of one text field, checked by its contract's schema when sent (a search, a question): `field`
 * goes on the input (value, onChange, error); `check()` gives the schema's answer, or null once the
 * first refusal shows on the field (`fallback` when the schema says nothing).
 */
export function useCheckedInput<T>(schema: z.ZodType<T>, key: string, { initial = '', fallback }: { initial?: string; fallback: string }) {
  const [value, setValue] = useInputState(initial);
  const [error, setError] = useState<string | null>(null);
  const check = (): T | null => {
    const parsed = schema.safeParse({ [key]: value });
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? fallback));
    return parsed.success ? parsed.data : null;
  };
  return { field: { value, onChange: setValue, error }, setValue, check };
}
