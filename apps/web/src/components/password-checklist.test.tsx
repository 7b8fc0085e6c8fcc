import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render';
import { PasswordChecklist } from './password-checklist';

const states = () => screen.getAllByRole('listitem').map((li) => [li.textContent?.replace(/[✓○]\s/, ''), li.getAttribute('data-ok')]);

describe('PasswordChecklist', () => {
  it('follows the contracts rule as the member types', () => {
    const { unmount } = renderAt(<PasswordChecklist value="abc" />);
    expect(states()).toEqual([
      ['Au moins 12 caractères\u00a0: non respecté', 'false'],
      ['Au moins une lettre majuscule\u00a0: non respecté', 'false'],
      ['Au moins une lettre minuscule\u00a0: respecté', 'true'],
      ['Au moins un chiffre\u00a0: non respecté', 'false'],
      [expect.stringContaining('Uniquement des lettres sans accent'), 'true'],
    ]);
    unmount();
    renderAt(<PasswordChecklist value="Mutua-Demo-2026!" />);
    expect(states().every(([, ok]) => ok === 'true')).toBe(true);
  });

  it('shows the length ceiling only once broken; accents are refused', () => {
    renderAt(<PasswordChecklist value={`Éa1${'x'.repeat(130)}`} />);
    expect(screen.getByText(/Au plus 128 caractères/)).toBeInTheDocument();
    expect(screen.getByText(/Uniquement des lettres sans accent/).closest('li')).toHaveAttribute('data-ok', 'false');
  });
});
