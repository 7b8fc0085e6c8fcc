import { useCallback, useState } from 'react';

/*
 * Sending a form that creates a request, at most once. Each opened form draws a submission key and
 * sends it (Idempotency-Key) with every try: a double click, a retry after a dropped connection or a
 * second tab on the same form answer the first request instead of creating another. Once sent, the
 * form renews its key, so that « Envoyer un nouveau document » is a new request.
 */

function newKey(): string {
  return crypto.randomUUID();
}

export type SubmissionKey = { key: string; renew: () => void };

/** The key of one opened form; `renew()` after a success, before offering to send another. */
export function useSubmissionKey(): SubmissionKey {
  const [key, setKey] = useState(newKey);
  const renew = useCallback(() => setKey(newKey()), []);
  return { key, renew };
}

type FieldValue = string | number | boolean | null | undefined;

/**
 * A multipart body: each field as text (absent when null/undefined; objects as JSON), each file under
 * `fileField` (default `attachments`, the server's shared upload field).
 */
export function multipartForm(
  fields: Record<string, FieldValue | readonly string[] | object>,
  files: readonly File[] = [],
  fileField = 'attachments',
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const file of files) form.append(fileField, file, file.name);
  return form;
}
