import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export type A11yOptions = {
  /** CSS selectors left out of the scan (use sparingly, say why at the call site). */
  exclude?: string[];
  /** Rule ids to skip (same). */
  disableRules?: string[];
  /** Free text naming the state scanned (e.g. 'dialog open'), shown in failures and in the report. */
  label?: string;
  /** Records the violations and lets the test go on (a walk over many screens reports them all at once). */
  soft?: boolean;
};

/** URLs scanned per page, so the fixture can scan the page a test ends on when nobody did. */
export const scannedUrls = new WeakMap<Page, Set<string>>();

/**
 * Waits for the transitions under way (a dialog fading in over its overlay) to end: scanned halfway, a
 * dialog's text blends with the overlay and axe reports contrasts no member ever sees. Endless
 * animations (a loader) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A dialog just opened may not have started its transition yet (Mantine starts it on the next
    // frame): two frames first, so that it is among the animations waited for.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Scans the page as it is now with axe-core's whole default rule set — WCAG 2.x A and AA and the best
 * practices (landmarks, heading order, one h1…) — and fails listing every violation (rule, impact,
 * elements). Call it on every page, and every dialog state, a test visits, once the content is shown.
 * The rules axe-core leaves out by default (AAA, experimental) are discussed in docs/accessibility.md.
 */
export async function expectNoA11yViolations(page: Page, opts: A11yOptions = {}): Promise<void> {
  await settleAnimations(page);
  // The same rules, cheaper: only the violations' elements get a selector and their HTML (the passes keep
  // one node each, their count stays exact); and a page without frames is scanned in itself rather than
  // finished in a blank page the builder opens for each scan (a new renderer: half a scan's time), which
  // only frames need — scanned in itself, axe misses the elements of a srcdoc frame.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (page.frames().length === 1) builder = builder.setLegacyMode(true);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  if (opts.disableRules?.length) builder = builder.disableRules(opts.disableRules);
  const results = await builder.analyze();
  const where = `${opts.label ? `${opts.label} — ` : ''}${page.url()}`;
  const seen = scannedUrls.get(page) ?? new Set<string>();
  seen.add(page.url());
  scannedUrls.set(page, seen);
  test.info().annotations.push({ type: 'a11y', description: `${where}: ${results.passes.length} rules passed, ${results.violations.length} violated` });
  const report = results.violations.map((v) => {
    const nodes = v.nodes.slice(0, 5).map((n) => `      ${n.target.join(' ')}\n        ${(n.failureSummary ?? '').split('\n').join('\n        ')}`);
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join('\n')}${v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : ''}`;
  });
  // Compared as one line per rule, so a failure reads as a list rather than a dump of axe's objects.
  (opts.soft ? expect.soft : expect)(
    results.violations.map((v) => `[${v.impact}] ${v.id} × ${v.nodes.length}`),
    `axe-core found accessibility violations on ${where}:\n${report.join('\n')}`,
  ).toEqual([]);
}
