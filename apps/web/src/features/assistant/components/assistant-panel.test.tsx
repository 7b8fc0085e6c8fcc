import type { TAssistantReply } from '@mutua/contracts/assistant';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { AssistantPanel } from './assistant-panel';

const human = {
  phone: '01 23 45 67 89',
  hours: 'Du lundi au vendredi de 8\u00a0h\u00a030 à 18\u00a0h',
  relayService: null,
  url: '/conseiller',
  label: 'Parler à un conseiller',
};
const cardReply: TAssistantReply = {
  confident: true,
  human,
  answers: [
    {
      title: 'Où trouver ma carte de tiers payant\u00a0?',
      text: 'Dans votre espace, rubrique « Ma carte ».',
      source: { kind: 'faq', id: 'e1', url: '/faq/carte-tiers-payant/utiliser' },
      action: { label: 'Ouvrir ma carte de tiers payant', url: '/tp-card' },
    },
  ],
};

describe('the assistant panel', () => {
  it('takes the focus, answers in its log citing the source with the action, and moves the focus to the newest answer', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({ '/assistant/ask': jsonResponse({ data: cardReply }) });
    renderAt(<AssistantPanel />);
    const field = screen.getByRole('textbox', { name: 'Votre question' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('carte tiers payant{Enter}');
    const log = screen.getByRole('log', { name: 'Conversation avec l’assistant' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    const heading = await within(log).findByRole('heading', { level: 2, name: 'Réponse à «\u00a0carte tiers payant\u00a0»' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(log).getByRole('link', { name: 'Source\u00a0: FAQ — Où trouver ma carte de tiers payant\u00a0?' })).toHaveAttribute(
      'href',
      '/faq/carte-tiers-payant/utiliser',
    );
    expect(within(log).getByRole('link', { name: 'Ouvrir ma carte de tiers payant' })).toHaveAttribute('href', '/tp-card');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ question: 'carte tiers payant' });
  });

  it('without a good answer says so and offers a person first; refuses an empty question without calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({ '/assistant/ask': jsonResponse({ data: { answers: [], confident: false, human } }) });
    renderAt(<AssistantPanel />);
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getByText('Posez votre question en quelques mots.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Votre question' }), 'tarte aux pommes{Enter}');
    expect(await screen.findByRole('heading', { name: 'Pas de réponse sûre à «\u00a0tarte aux pommes\u00a0»' })).toBeInTheDocument();
    const person = screen.getByTestId('assistant-human');
    expect(within(person).getByRole('link', { name: 'Parler à un conseiller' })).toHaveAttribute('href', '/conseiller');
    expect(within(person).getByRole('link', { name: '01 23 45 67 89' })).toHaveAttribute('href', 'tel:0123456789');
  });

  it('« Parler à un conseiller » opens /conseiller with the conversation in the history state', async () => {
    const user = userEvent.setup();
    stubFetch({ '/assistant/ask': jsonResponse({ data: cardReply }) });
    const { router } = renderAt(<AssistantPanel />);
    await user.keyboard('carte tiers payant{Enter}');
    await screen.findByRole('heading', { level: 2, name: /Réponse à/ });
    await user.click(screen.getByRole('link', { name: 'Parler à un conseiller' }));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/conseiller');
    expect(router.state.location.state).toEqual({
      origin: 'assistant',
      conversation: [
        {
          question: 'carte tiers payant',
          answers: [
            'Où trouver ma carte de tiers payant\u00a0?\nDans votre espace, rubrique « Ma carte ».\nSource\u00a0: FAQ — Où trouver ma carte de tiers payant\u00a0?',
          ],
        },
      ],
    });
  });
});
