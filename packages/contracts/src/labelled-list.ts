/**
 * A closed list whose every value has the French label the screens show, written once as
 * `{ value: label }` in display order: the values follow from it, so a value can never lack its label.
 * Values are words, never integer-like keys (JavaScript lists those first). Without zod, so that a screen
 * reading only the labels does not load it: the list's schema is `z.enum(values)` beside it.
 */
export function labelledList<V extends string>(labels: Record<V, string>) {
  return { values: Object.keys(labels) as [V, ...V[]], labels: labels as Readonly<Record<V, string>> };
}
