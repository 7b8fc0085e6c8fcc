import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBo } from '../../test/render';
import { Outcome } from '@mutua/ui/outcome';

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

  it('says the confirmation it is given when what was done decides the words', () => {
    const { rerender } = renderBo(<Outcome error={null} done={null} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(<Outcome error={null} done={'Décision confirmée\u00a0: le remboursement partira avec le prochain lot de virements.'} />);
    expect(screen.getByRole('status').textContent).toBe('Décision confirmée\u00a0: le remboursement partira avec le prochain lot de virements.');
  });
});
