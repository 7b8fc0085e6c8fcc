import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBo } from '../../test/render';
import { Outcome } from './outcome';

describe('the outcome of a save', () => {
  it('announces the error in French over any confirmation, the confirmation once done, nothing before', () => {
    const { rerender } = renderBo(<Outcome error={null} done={false} text="Réglages enregistrés." />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<Outcome error={null} done text="Réglages enregistrés." />);
    expect(screen.getByRole('status')).toHaveTextContent('Réglages enregistrés.');
    rerender(<Outcome error={new Error('Indiquez le motif affiché aux adhérents.')} done text="Réglages enregistrés." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Indiquez le motif affiché aux adhérents.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
