import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TalkToAdvisor } from '../../../components/talk-to-advisor';
import { jsonResponse, setCookies, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { Component as Advisor } from './advisor';

const line = {
  phone: '01 23 45 67 89',
  hours: 'Du lundi au vendredi de 8\u00a0h\u00a030 à 18\u00a0h',
  days: [],
  relayService: {
    provider: 'Accès Sourds Relais',
    url: 'https://relais.example/mutua',
    phone: '',
    modes: ['Transcription écrite en temps réel'],
    hours: 'Du lundi au vendredi de 8\u00a0h\u00a030 à 18\u00a0h',
  },
};
const slots = {
  slots: [
    { start: '2026-12-28T07:30:00.000Z', label: 'lundi 28 décembre à 8\u00a0h\u00a030' },
    { start: '2026-12-28T08:00:00.000Z', label: 'lundi 28 décembre à 9\u00a0h\u00a000' },
  ],
};
const conversation = [{ question: 'où en est mon remboursement du 12 novembre\u00a0?', answers: ['Il est en cours.'] }];

/** The assistant's panel (a stand-in) hands its conversation over with TalkToAdvisor. */
const routes = [
  { path: '/assistant', element: <TalkToAdvisor conversation={conversation} origin="assistant" /> },
  { path: '/conseiller', element: <Advisor /> },
  { path: '/requests', element: <Link to="/conseiller">retour</Link> },
];

/** The text as Testing Library reads it (white space, no-break spaces included, made plain). */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => setCookies());

describe('Parler à un conseiller', () => {
  it('signed out: the phone line, its hours and relay service, and a way to sign in to write; no form', async () => {
    setCookies();
    stubFetch({ '/phone-line': jsonResponse({ data: line }) });
    renderRoutes(routes, ['/conseiller']);
    expect(await screen.findByRole('link', { name: '01 23 45 67 89' })).toHaveAttribute('href', 'tel:0123456789');
    expect(screen.getByText(/du lundi au vendredi de 8 h 30 à 18 h/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /service d’accessibilité Accès Sourds Relais/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter pour écrire à un conseiller' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Envoyer à un conseiller' })).not.toBeInTheDocument();
  });

  it('from the assistant in one click, the conversation is said to be attached and sent with the message, one request for one sending', async () => {
    setCookies('vauth=true');
    const { calls } = stubFetch({
      '/phone-line': jsonResponse({ data: line }),
      '/advisor/callback-slots': jsonResponse({ data: slots }),
      '/advisor/messages': jsonResponse(
        { data: { requestId: '5f0c6a8e-0c1d-4a5b-9d7e-2f3a4b5c6d7e', title: 'Parler à un conseiller', callbackAt: null } },
        201,
      ),
    });
    const user = userEvent.setup();
    renderRoutes(routes, ['/assistant']);
    await user.click(screen.getByRole('link', { name: 'Parler à un conseiller' }));
    expect(await screen.findByText('Votre conversation avec l’assistant sera jointe')).toBeInTheDocument();
    expect(screen.getByText(plain('où en est mon remboursement du 12 novembre\u00a0?'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer à un conseiller' }));
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Votre message est envoyé à un conseiller');
    await waitFor(() => expect(sent).toHaveFocus());
    const posts = calls.filter((c) => c.url.endsWith('/advisor/messages'));
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.init.body))).toEqual({ message: '', conversation, origin: 'assistant' });
    expect(new Headers(posts[0]!.init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('link', { name: 'Voir ma demande' })).toHaveAttribute('href', '/requests?request=5f0c6a8e-0c1d-4a5b-9d7e-2f3a4b5c6d7e');
  });

  it('without a conversation asks for words first; a callback needs a slot and a French number, then the server’s refusal of a full slot shows on the slot', async () => {
    setCookies('vauth=true');
    const { calls } = stubFetch({
      '/phone-line': jsonResponse({ data: line }),
      '/advisor/callback-slots': jsonResponse({ data: slots }),
      '/advisor/callbacks': jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Ce créneau vient d’être complet\u00a0: choisissez-en un autre.',
            fields: { slot: 'Ce créneau vient d’être complet\u00a0: choisissez-en un autre.' },
          },
        },
        400,
      ),
    });
    const user = userEvent.setup();
    renderRoutes(routes, ['/conseiller']);
    await user.click(await screen.findByRole('button', { name: 'Envoyer à un conseiller' }));
    expect(await screen.findByText(plain('Décrivez votre demande en quelques mots (au moins 10\u00a0caractères).'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Votre message/ })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Demander à être rappelé' }));
    expect(await screen.findByText('Choisissez un créneau de rappel.')).toBeInTheDocument();
    expect(screen.getByText(plain('Saisissez un numéro de téléphone français (10\u00a0chiffres).'))).toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: /Créneau de rappel/ }), '2026-12-28T08:00:00.000Z');
    await user.type(screen.getByRole('textbox', { name: /Numéro de téléphone/ }), '06 12 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Demander à être rappelé' }));
    expect(await screen.findByText(plain('Ce créneau vient d’être complet\u00a0: choisissez-en un autre.'))).toBeInTheDocument();
    const post = calls.find((c) => c.url.endsWith('/advisor/callbacks'))!;
    expect(JSON.parse(String(post.init.body))).toEqual({ slot: '2026-12-28T08:00:00.000Z', phone: '06 12 34 56 78', conversation: [], origin: 'page' });
  });
});
