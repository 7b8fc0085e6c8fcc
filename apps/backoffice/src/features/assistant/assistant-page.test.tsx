import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBo, stubApi } from '../../test/render';
import { AssistantPage } from './assistant-page';

const session = (role: string) => ({
  stage: 'ACTIVE',
  staff: { id: 's1', email: 'a@b.c', displayName: 'Adrien Admin', role, tenants: [{ id: 'mutua', name: 'Mutua Santé' }] },
});
const lunete = { id: '11111111-1111-4111-8111-111111111111', term: 'lunete', synonyms: ['lunettes', 'optique'] };

describe('the assistant’s synonyms', () => {
  it('an administrator adds a word with its synonyms, split at the commas', async () => {
    const calls = stubApi((method, path) =>
      path === '/auth/session'
        ? { body: { data: session('administrator') } }
        : method === 'GET'
          ? { body: { data: [lunete] } }
          : { status: 201, body: { data: { ...lunete, id: 'x', term: 'rib' } } },
    );
    const user = userEvent.setup();
    renderBo(<AssistantPage />);
    expect(await screen.findByText('lunete', {}, { timeout: 10_000 })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Ajouter un mot' });
    await user.type(within(form).getByRole('textbox', { name: /Mot tapé/ }), 'rib');
    await user.type(within(form).getByRole('textbox', { name: /Synonymes/ }), 'coordonnées bancaires, iban');
    await user.click(within(form).getByRole('button', { name: 'Ajouter' }));
    await screen.findByText('lunete');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/tenants/mutua/assistant-synonyms', body: { term: 'rib', synonyms: ['coordonnées bancaires', 'iban'] } },
    ]);
  });

  it('shows the server’s French refusal under its field', async () => {
    stubApi((method, path) =>
      path === '/auth/session'
        ? { body: { data: session('administrator') } }
        : method === 'GET'
          ? { body: { data: [] } }
          : {
              status: 400,
              body: {
                error: { code: 'VALIDATION_FAILED', message: 'Veuillez vérifier vos données saisies.' },
                fields: { synonyms: 'Ajoutez au moins un synonyme.' },
              },
            },
    );
    const user = userEvent.setup();
    renderBo(<AssistantPage />);
    const form = await screen.findByRole('form', { name: 'Ajouter un mot' }, { timeout: 10_000 });
    await user.type(within(form).getByRole('textbox', { name: /Mot tapé/ }), 'rib');
    await user.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(await within(form).findByText('Ajoutez au moins un synonyme.')).toBeInTheDocument();
  });

  it('an agent reads the list without any control to change it', async () => {
    stubApi((_method, path) => (path === '/auth/session' ? { body: { data: session('agent') } } : { body: { data: [lunete] } }));
    renderBo(<AssistantPage />);
    expect(await screen.findByText('lunete', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Seuls les administrateurs modifient cette liste.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
  });
});
