import { z } from 'zod';

/**
 * A closed list whose every value has the French label the screens show, written once as
 * `{ value: label }` in display order: the values, their zod enum and the labels all follow from it, so
 * a value can never lack its label. Values are words, never integer-like keys (JavaScript lists those first).
 */
export function labelledList<V extends string>(labels: Record<V, string>) {
  const values = Object.keys(labels) as [V, ...V[]];
  return { values, schema: z.enum(values), labels: labels as Readonly<Record<V, string>> };
}
