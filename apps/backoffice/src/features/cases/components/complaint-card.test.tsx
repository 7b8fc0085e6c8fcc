import type { TCaseDetail } from '@mutua/contracts/backoffice';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBo, stubApi } from '../../../test/render';
import { ComplaintCard } from './complaint-card';

const complaint = { id: '0b8f4a5e-8d9c-4d43-9a55-5d0f3b9b1c11', state: 'OPEN' } as TCaseDetail;

describe('the complaint card', () => {
  it('sends a refusal with its reasoned answer and says the member has it, the mediator named', async () => {
    const calls = stubApi(() => ({ body: { data: null } }));
    const user = userEvent.setup();
    renderBo(<ComplaintCard c={complaint} />);
    const send = screen.getByRole('button', { name: 'Envoyer la réponse à la réclamation' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Réclamation refusée' }));
    expect(screen.getByText(/seront jointes à la réponse/)).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Réponse motivée' }));
    await user.paste('Le contrat ne couvre pas cet acte.');
    await user.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent('Réponse envoyée à l’adhérent.');
    expect(calls).toEqual([
      { method: 'POST', path: `/cases/${complaint.id}/complaint-answer`, body: { outcome: 'REFUSED', message: 'Le contrat ne couvre pas cet acte.' } },
    ]);
  });

  it('shows the server’s French message when the answer is refused, and nothing for a closed case', async () => {
    stubApi(() => ({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'Vous n’avez pas accès à cette action.' } } }));
    const user = userEvent.setup();
    const { unmount } = renderBo(<ComplaintCard c={complaint} />);
    await user.click(screen.getByRole('textbox', { name: 'Réponse motivée' }));
    await user.paste('Accord.');
    await user.click(screen.getByRole('button', { name: 'Envoyer la réponse à la réclamation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vous n’avez pas accès à cette action.');
    unmount();
    renderBo(<ComplaintCard c={{ ...complaint, state: 'CLOSED' } as TCaseDetail} />);
    expect(screen.queryByRole('heading', { name: 'Réponse à la réclamation' })).not.toBeInTheDocument();
  });
});
