import { describe, expect, it } from 'vitest';
import { AUDIT_RESULTS, RGAA_CRITERIA, RGAA_THEMES, auditSummary, themeOf, type AuditCriterion } from './accessibility-audit';
import { ACCESSIBILITY_STATE } from './accessibility-state';

/** The number of criteria of each RGAA 4.1 theme, in order (106 in all). */
const CRITERIA_PER_THEME = [9, 2, 3, 13, 8, 2, 5, 10, 4, 14, 13, 11, 12];

describe('the RGAA 4.1 audit grid', () => {
  it('holds the 106 criteria once each, theme by theme, each with a result, its pages and a note', () => {
    expect(RGAA_CRITERIA).toHaveLength(106);
    const expected = CRITERIA_PER_THEME.flatMap((n, theme) => Array.from({ length: n }, (_, i) => `${theme + 1}.${i + 1}`));
    expect(RGAA_CRITERIA.map((c) => c.id)).toEqual(expected);
    for (const c of RGAA_CRITERIA) {
      expect(AUDIT_RESULTS).toContain(c.result);
      expect(c.title.length, c.id).toBeGreaterThan(20);
      expect(c.note.length, c.id).toBeGreaterThan(5);
      // A criterion met names how it was proven; one not tested says so.
      if (c.result === 'C') expect(['ALL', 'KEYBOARD', 'CODE'], c.id).toContain(c.scope);
      if (c.result === 'NT') expect(c.scope, c.id).toBe('UNTESTED');
    }
    expect(RGAA_THEMES).toHaveLength(13);
    expect(themeOf(RGAA_CRITERIA[105]!)).toBe('Consultation');
  });

  it('counts a criterion not yet tested against the rate: the footer’s state is the one the grid gives', () => {
    const summary = auditSummary();
    expect(summary.counts.C + summary.counts.NC + summary.counts.NA + summary.counts.NT).toBe(106);
    expect(summary.applicable).toBe(106 - summary.counts.NA);
    expect(summary.ratePercent).toBe(Math.floor((100 * summary.counts.C) / summary.applicable));
    expect(ACCESSIBILITY_STATE).toBe(summary.state);
  });

  it('states totalement at 100 %, partiellement from 50 %, non conforme below', () => {
    const grid = (c: number, nc: number, nt = 0, na = 0): AuditCriterion[] =>
      [...Array(c).fill('C'), ...Array(nc).fill('NC'), ...Array(nt).fill('NT'), ...Array(na).fill('NA')].map((result, i) => ({
        id: `1.${i + 1}`,
        title: 't',
        result,
        scope: 'ALL',
        note: 'n',
      }));
    expect(auditSummary(grid(10, 0, 0, 5))).toMatchObject({ ratePercent: 100, state: 'totalement conforme' });
    expect(auditSummary(grid(5, 5))).toMatchObject({ ratePercent: 50, state: 'partiellement conforme' });
    expect(auditSummary(grid(5, 0, 6))).toMatchObject({ ratePercent: 45, state: 'non conforme' });
    expect(auditSummary(grid(9, 1))).toMatchObject({ ratePercent: 90, state: 'partiellement conforme' });
  });
});
