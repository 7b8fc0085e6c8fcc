import type { Page } from '@playwright/test';

/** `#1c4fd8` → `rgb(28, 79, 216)`, the way getComputedStyle reports colours. */
export function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/**
 * The colour a CSS value resolves to in the page, e.g. `var(--mantine-primary-color-filled)`: a probe
 * element is painted with it and its computed background read back (custom properties alone read as
 * their unresolved text).
 */
export function resolvedColor(page: Page, cssValue: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement('div');
    probe.style.background = value;
    document.body.append(probe);
    const color = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return color;
  }, cssValue);
}

/** A custom property as declared on :root (trimmed, lower case). */
export function rootVariable(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim().toLowerCase(), name);
}

/** GET a same-origin URL from inside the page (the browser resolves *.localhost; Node does not). */
export function fetchInPage(page: Page, url: string): Promise<{ status: number; type: string; body: string }> {
  return page.evaluate(async (u) => {
    const res = await fetch(u);
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
  }, url);
}
