import { describe, expect, it } from 'vitest';
import { BO_PAGES, navigationFor } from './pages';

const labels = (role: Parameters<typeof navigationFor>[0]) => navigationFor(role).map((link) => link.label);

describe('the back office pages, composed from the features', () => {
  it('serves every page the features declare, each path once', () => {
    const paths = BO_PAGES.map((page) => page.path);
    expect([...paths].sort()).toEqual(
      [
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
      ].sort(),
    );
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
