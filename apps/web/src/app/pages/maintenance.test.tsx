import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessStore } from '../../lib/access-store';
import { renderAt } from '../../test/render';
import { Component as Maintenance } from './maintenance';

beforeEach(() => accessStore.reset());

describe('maintenance page', () => {
  it('shows the public reason of a 503', () => {
    accessStore.setState({ maintenance: { reason: 'Mise à jour de nos services jusqu’à 14 h' } });
    renderAt(<Maintenance />, { path: '/maintenance' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Service momentanément indisponible');
    expect(screen.getByTestId('maintenance-reason')).toHaveTextContent('Mise à jour de nos services jusqu’à 14 h');
    expect(screen.queryByTestId('maintenance-timeout')).not.toBeInTheDocument();
  });

  it('shows the init failure: reason and status', () => {
    accessStore.setState({ brandError: { status: 503, timeout: false, reason: 'Migration' } });
    renderAt(<Maintenance />, { path: '/maintenance' });
    expect(screen.getByTestId('maintenance-reason')).toHaveTextContent('Migration');
    expect(screen.getByText('Code d’erreur : 503')).toBeInTheDocument();
  });

  it('flags a timeout, from init or from the URL', () => {
    renderAt(<Maintenance />, { path: '/maintenance', url: '/maintenance?timeout=true' });
    expect(screen.getByTestId('maintenance-timeout')).toBeInTheDocument();
    expect(screen.getByText('Le service est en maintenance.')).toBeInTheDocument();
  });

  it('offers to retry by reloading the app', () => {
    renderAt(<Maintenance />, { path: '/maintenance' });
    expect(screen.getByRole('link', { name: 'Réessayer' })).toHaveAttribute('href', '/');
  });
});
