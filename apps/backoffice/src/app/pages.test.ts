import { describe, expect, it } from 'vitest';
import { BO_PAGES, navigationFor } from './pages';

// A feature added later adds its page and link: these checks keep to the pages known here.
const KNOWN_LINKS = [
  'Demandes',
  'Adhérents',
  'Validations',
  'Contrôles',
  'Virements',
  'Décisions automatiques',
  'Journal d’audit',
  'Accessibilité',
  'Assistant',
  'Administration',
];
const labels = (role: Parameters<typeof navigationFor>[0]) => navigationFor(role).flatMap((link) => (KNOWN_LINKS.includes(link.label) ? [link.label] : []));

describe('the back office pages, composed from the features', () => {
  it('serves every page the features declare, each path once', () => {
    const paths = BO_PAGES.map((page) => page.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/accessibility-reports',
        '/admin',
        '/approvals',
        '/assistant',
        '/audit',
        '/auto-decisions',
        '/cases/:id',
        '/members',
        '/payments',
        '/post-checks',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('shows each role its links, in the header order', () => {
    expect(labels('agent')).toEqual(['Demandes', 'Adhérents', 'Décisions automatiques', 'Accessibilité', 'Assistant']);
    expect(labels('manager')).toEqual([
      'Demandes',
      'Adhérents',
      'Validations',
      'Contrôles',
      'Virements',
      'Décisions automatiques',
      'Journal d’audit',
      'Accessibilité',
      'Assistant',
    ]);
    expect(labels('administrator')).toEqual([
      'Demandes',
      'Adhérents',
      'Virements',
      'Décisions automatiques',
      'Journal d’audit',
      'Accessibilité',
      'Assistant',
      'Administration',
    ]);
    expect(navigationFor('manager')[0]).toEqual({ path: '/', label: 'Demandes' });
  });
});
