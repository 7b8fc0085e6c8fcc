import type { Page } from '@playwright/test';

/**
 * What scrolls sideways on the page as it is now: the document itself, and every box that scrolls
 * horizontally (a table's scroll container, a dialog's body) with more content than width. Each
 * entry names the box (tag, test id or class) and the widths, so a failure says where to look.
 */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      const label = el.getAttribute('aria-label');
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
      return `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${label ? `[aria-label="${label}"]` : ''}${cls ? `.${cls}` : ''}`;
    };
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) found.push(`the page: ${doc.scrollWidth} px wide in ${doc.clientWidth} px`);
    for (const el of document.querySelectorAll('body *')) {
      const overflowX = getComputedStyle(el).overflowX;
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
      // What overflows inside it, for the report.
      const box = el.getBoundingClientRect();
      const wide = [...el.querySelectorAll('*')].find((c) => c.getBoundingClientRect().right > box.right + 1);
      found.push(
        `${name(el)}: ${el.scrollWidth} px wide in ${el.clientWidth} px${wide ? ` (e.g. ${name(wide)} « ${(wide.textContent ?? '').trim().slice(0, 40)} »)` : ''}`,
      );
    }
    return found;
  });
}
