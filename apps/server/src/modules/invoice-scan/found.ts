/** A value read on an invoice with the reader's confidence (null: not found); its own file so acts.ts and parse.ts do not import each other. */
export type Found<T> = { value: T; confidence: number } | null;
