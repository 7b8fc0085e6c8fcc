import type { Page } from '@playwright/test';

/** A file sent with a form: its bytes in base64, since they cross into the page as text. */
export type PageFile = { name: string; type: string; base64: string };

type PageRequest = {
  method?: string;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body: these fields, and `files` under the field `files`, as the app's forms send them. */
  form?: Record<string, string>;
  files?: PageFile[];
};

/**
 * A call to the API from the page, as the app makes it: the session's cookies and the anti-forgery
 * header from its cookie. Answers the status and the JSON body (null when there is none), so that a
 * journey can assert a refusal as well as an answer.
 */
export async function fetchFromPage<T = unknown>(page: Page, pathname: string, request: PageRequest = {}): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ pathname, method, json, form, files }) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.split('=')[1] ?? '',
      );
      const headers: Record<string, string> = { 'x-xsrf-token': xsrf, accept: 'application/json' };
      let body: BodyInit | undefined;
      if (json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(json);
      } else if (form || files.length > 0) {
        const data = new FormData();
        for (const [k, v] of Object.entries(form ?? {})) data.set(k, v);
        for (const f of files) data.append('files', new Blob([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], { type: f.type }), f.name);
        body = data;
      }
      const response = await fetch(pathname, { method, headers, body });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
    },
    { pathname, method: request.method ?? 'GET', json: request.json, form: request.form, files: request.files ?? [] },
  ) as Promise<{ status: number; body: T }>;
}
