import { SUCCESS_BADGES, WARNING_BADGES } from '@mutua/contracts/requests';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { NewBadge, StatusBadge } from './status-badge';

const renderBadge = (label: string, tone?: 'success' | 'warning') =>
  render(
    <TestProviders>
      <StatusBadge label={label} tone={tone} />
    </TestProviders>,
  );

describe('StatusBadge', () => {
  it.each(SUCCESS_BADGES)('"%s" is a success badge with a check mark', (label) => {
    renderBadge(label);
    const badge = screen.getByText(label).closest('[data-tone]')!;
    expect(badge).toHaveAttribute('data-tone', 'success');
    expect(badge).toHaveTextContent('✓');
  });

  it.each(WARNING_BADGES)('"%s" is a warning badge with a clock', (label) => {
    renderBadge(label);
    const badge = screen.getByText(label).closest('[data-tone]')!;
    expect(badge).toHaveAttribute('data-tone', 'warning');
    expect(badge).toHaveTextContent('◷');
  });

  it('the label decides the tone; the given tone only covers labels outside both sets', () => {
    renderBadge('Traité', 'warning');
    expect(screen.getByText('Traité').closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    renderBadge('Étiquette inconnue', 'success');
    expect(screen.getByText('Étiquette inconnue').closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
  });

  it('the shape is hidden from assistive technologies, the words are not', () => {
    renderBadge('Non lu');
    expect(screen.getByText('◷')).toHaveAttribute('aria-hidden', 'true');
    render(
      <TestProviders>
        <NewBadge />
      </TestProviders>,
    );
    expect(screen.getByText('Nouveau')).toBeVisible();
  });
});
