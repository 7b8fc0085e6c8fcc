import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import DebugOutbox from './debug-outbox';

const MAIL = {
  id: 'm1',
  tenantId: 'mutua',
  kind: 'MFA_CODE',
  to: 'camille.durand@example.com',
  from: 'Mutua <no-reply@mutua.localhost>',
  subject: 'Votre code de vérification en deux étapes Mutua Santé',
  text: 'Voici le code : 482913',
  html: '<p>482913</p>',
  createdAt: '2026-01-15T09:30:00Z',
};

describe('debug outbox', () => {
  it('lists the mails kept by the development outbox, filtered by recipient', async () => {
    const { calls } = stubFetch({ '/debug/outbox': jsonResponse({ data: [MAIL], mode: 'outbox' }) });
    const user = userEvent.setup();
    renderAt(<DebugOutbox />);
    expect(await screen.findByText('Votre code de vérification en deux étapes Mutua Santé')).toBeInTheDocument();
    expect(screen.getByText('Voici le code : 482913')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Destinataire' }), 'camille.durand@example.com');
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    expect(calls.at(-1)!.url).toBe('/api/debug/outbox?to=camille.durand%40example.com&limit=20');
  });

  it('says so when the server has no outbox (production)', async () => {
    stubFetch({});
    renderAt(<DebugOutbox />);
    expect(await screen.findByText('La boîte d’envoi n’existe pas sur ce serveur (production).')).toBeInTheDocument();
  });
});
