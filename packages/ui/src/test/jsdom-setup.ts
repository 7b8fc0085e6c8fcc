import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The member app's and the back office's component tests run Mantine in jsdom the same way. Listed in
// their setupFiles, so it runs before every test file: the files of a worker share one jsdom and one
// module graph (isolate: false, a fifth of the CPU of a fresh jsdom per file).

// Each file starts on a blank page, as in a fresh jsdom: the body testing-library's `screen` was bound
// to when first imported (a test that rewrites the whole document replaces it), an empty head (no
// stylesheet a page test left), no attribute on <html>, no storage, no cookie, the first URL, real timers.
type PageStart = { body: HTMLElement; url: string };
const start = ((globalThis as { __jsdomPageStart?: PageStart }).__jsdomPageStart ??= { body: document.body, url: location.href });
for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
document.head.replaceChildren();
if (document.body !== start.body) document.documentElement.replaceChildren(document.head, start.body);
for (const { name } of [...start.body.attributes]) start.body.removeAttribute(name);
start.body.replaceChildren();
document.title = '';
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]!.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
history.replaceState(null, '', start.url);
vi.useRealTimers();

// findBy/waitFor wait up to 5 s, not 1: CI runs the browser journeys beside these tests on two cores.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads media queries and observes sizes; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

afterEach(() => {
  cleanup();
});
