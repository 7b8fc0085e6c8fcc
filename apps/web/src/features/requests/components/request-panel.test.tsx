import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { globalDetails, group, request, step } from '../../../test/global-details';
import { Component as RequestsPage } from '../routes/requests';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});

function openOn(target: ReturnType<typeof request>, routes: Parameters<typeof stubFetch>[0] = {}) {
  const details = globalDetails({ allRequests: [group([target])], lastRequests: [group([target])] });
  const fetch = stubFetch({ '/all-info': 'hang', ...routes });
  const view = renderAt(<RequestsPage />, { path: '/requests', url: `/requests?request=${target.id}`, details, served: ['home', 'newRequest'] });
  return { ...fetch, ...view };
}

describe('reply availability (contracts’ canReplyToRequest)', () => {
  it('a message request in progress can be answered', async () => {
    openOn(request({ title: 'Question sur la pharmacie', statusKey: 'study', statusLabel: 'Analyse en cours' }));
    const panel = await screen.findByRole('dialog', { name: 'Question sur la pharmacie' });
    expect(within(panel).getByRole('button', { name: 'Répondre' })).toBeInTheDocument();
  });

  it('no reply when the title carries [FDC], and the panel says so', async () => {
    openOn(request({ title: '[FDC] Fin de votre contrat collectif', statusKey: 'read', statusLabel: 'Message lu', statusTone: 'success' }));
    const panel = await screen.findByRole('dialog', { name: '[FDC] Fin de votre contrat collectif' });
    expect(within(panel).queryByRole('button', { name: 'Répondre' })).not.toBeInTheDocument();
    expect(within(panel).getByTestId('reply-unavailable')).toHaveTextContent('Cette demande ne peut pas recevoir de réponse.');
  });

  it('done: only types 10022, 10023, 10030, 10031, 10032 accept a reply', async () => {
    openOn(request({ title: 'Changement de RIB', typeCode: 10023, kind: 'rib', statusKey: 'done', statusLabel: 'Traité', statusTone: 'success' }));
    expect(within(await screen.findByRole('dialog', { name: 'Changement de RIB' })).getByRole('button', { name: 'Répondre' })).toBeInTheDocument();
  });

  it('done with another message type: no reply', async () => {
    openOn(request({ title: 'Autre demande traitée', typeCode: 10002, statusKey: 'done', statusLabel: 'Traité', statusTone: 'success' }));
    const panel = await screen.findByRole('dialog', { name: 'Autre demande traitée' });
    expect(within(panel).queryByRole('button', { name: 'Répondre' })).not.toBeInTheDocument();
  });

  it('requests that are not messages have no reply part at all', async () => {
    openOn(request({ title: 'Facture dentaire', type: 'bill', typeCode: 22, kind: 'dental', statusKey: 'in_progress' }));
    const panel = await screen.findByRole('dialog', { name: 'Facture dentaire' });
    expect(within(panel).queryByRole('button', { name: 'Répondre' })).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('reply-unavailable')).not.toBeInTheDocument();
  });
});

describe('opening a request', () => {
  it('marks it read on the server, then locally: the badge says "Message lu" and the new flag goes', async () => {
    const target = request({ title: 'Pièces complémentaires', statusKey: 'unread', statusLabel: 'Message non lu', read: false, isNew: true });
    let marked = false;
    const { calls } = openOn(target, {
      '/requests/message': () => {
        marked = true;
        return jsonResponse({ data: { id: target.id, statusKey: 'read', statusLabel: 'Message lu', statusTone: 'success', read: true, isNew: false } });
      },
    });
    const panel = await screen.findByRole('dialog', { name: 'Pièces complémentaires' });
    await waitFor(() => expect(marked).toBe(true));
    const call = calls.find((c) => c.url.startsWith('/api/requests/message'))!;
    expect(call.url).toBe(`/api/requests/message?idMessage=${target.id}`);
    expect(call.init.method).toBe('POST');
    expect(call.init.body).toBeUndefined();
    expect(await within(panel).findByText('Message lu')).toBeInTheDocument();
    expect(within(panel).queryByText('Nouveau')).not.toBeInTheDocument();
    // The list behind shows the same state.
    const item = screen.getAllByTestId('request-item')[0]!;
    expect(within(item).getByText('Message lu', { selector: '*' })).toBeInTheDocument();
  });

  it('a request already read is not marked again', async () => {
    const { calls } = openOn(request({ title: 'Déjà lue', statusKey: 'read', statusLabel: 'Message lu', statusTone: 'success' }));
    await screen.findByRole('dialog', { name: 'Déjà lue' });
    expect(calls.some((c) => c.url.startsWith('/api/requests/message'))).toBe(false);
  });
});

describe('timeline', () => {
  const doc = { id: '00000000-0000-4000-8000-0000000000d1', name: 'Attestation de droits', nameFile: 'attestation-droits.pdf' };
  const timeline = request({
    title: 'Votre attestation',
    type: 'document',
    typeCode: 13,
    kind: 'other',
    statusKey: 'done',
    statusLabel: 'Enregistré',
    statusTone: 'success',
    statusList: [
      step({ step: 'received', label: 'Reçu par nos équipes', infoMessage: 'Nous avons bien reçu votre document.', documents: [doc] }),
      step({ step: 'check_in_progress', label: 'Vérification en cours', labelCaption: 'Sous 48 heures' }),
      step({ step: 'done', label: 'Demande traitée', current: true, linkInfoMessage: 'Contact' }),
    ],
  });

  it('done steps offer "Contact" to the new-request dialog, the others "Voir" their details', async () => {
    const user = userEvent.setup();
    const { router } = openOn(timeline);
    const panel = await screen.findByRole('dialog', { name: 'Votre attestation' });
    const steps = within(panel).getByRole('list', { name: 'Étapes de la demande' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Reçu par nos équipes', 'Vérification en cours', 'Demande traitée (étape actuelle)']);
    expect(within(steps).getByText('Sous 48 heures')).toBeInTheDocument();

    const see = within(steps).getByRole('button', { name: 'Voir l’étape « Reçu par nos équipes »' });
    expect(see).toHaveAttribute('aria-expanded', 'false');
    expect(within(steps).queryByText('Nous avons bien reçu votre document.')).not.toBeInTheDocument();
    await user.click(see);
    expect(see).toHaveAttribute('aria-expanded', 'true');
    expect(within(steps).getByText('Nous avons bien reçu votre document.')).toBeInTheDocument();
    expect(within(steps).getAllByRole('button', { name: /^Voir/ })).toHaveLength(2);

    await user.click(within(steps).getByRole('link', { name: 'Contact\u00a0: nous écrire au sujet de l’étape « Demande traitée »' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-request'));
  });

  it('a step document downloads through /requests/messages/file as a file', async () => {
    const user = userEvent.setup();
    const { calls } = openOn(timeline, { '/requests/messages/file': () => new Response('%PDF-1.7', { status: 200 }) });
    const panel = await screen.findByRole('dialog', { name: 'Votre attestation' });
    await user.click(within(panel).getByRole('button', { name: 'Voir l’étape « Reçu par nos équipes »' }));
    await user.click(within(panel).getByRole('button', { name: 'Télécharger Attestation de droits (attestation-droits.pdf)' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(calls.find((c) => c.url.startsWith('/api/requests/messages/file'))!.url).toBe(`/api/requests/messages/file?documentId=${doc.id}`);
  });
});

describe('replying', () => {
  it('sends the message and its attachments, then confirms with a way back home', async () => {
    const user = userEvent.setup();
    const target = request({ title: 'Question sur la pharmacie', statusKey: 'in_progress' });
    let sent: FormData | null = null;
    const { calls } = openOn(target, {
      [`/requests/${target.id}/messages`]: ({ init }) => {
        sent = init.body as FormData;
        return jsonResponse(
          { data: { requestId: target.id, groupId: target.groupId, messageId: '00000000-0000-4000-8000-0000000000e1', statusKey: 'study' } },
          201,
        );
      },
      '/all-info': () => {
        if (!sent)
          return jsonResponse({
            data: { allRequests: [group([target])], lastRequests: [group([target])], averageRequestResponseDelay: globalDetails().averageRequestResponseDelay },
          });
        const replied = {
          ...target,
          statusKey: 'study' as const,
          statusLabel: 'Analyse en cours',
          messages: [
            {
              id: '00000000-0000-4000-8000-0000000000e1',
              direction: 'member' as const,
              body: 'Voici la facture détaillée.',
              createdAt: '2026-01-15T10:00:00.000Z',
              readAt: null,
              attachments: [],
            },
          ],
        };
        return jsonResponse({
          data: { allRequests: [group([replied])], lastRequests: [group([replied])], averageRequestResponseDelay: globalDetails().averageRequestResponseDelay },
        });
      },
    });
    const panel = await screen.findByRole('dialog', { name: 'Question sur la pharmacie' });
    await user.click(within(panel).getByRole('button', { name: 'Répondre' }));
    await user.click(within(panel).getByRole('button', { name: 'Envoyer ma réponse' }));
    expect(await within(panel).findByText("Le champ 'Message' ne peut pas être vide")).toBeInTheDocument();

    await user.type(within(panel).getByRole('textbox', { name: /Votre réponse/ }), 'Voici la facture détaillée.');
    const pdf = new File(['%PDF-1.7 facture'], 'facture.pdf', { type: 'application/pdf' });
    await user.upload(panel.querySelector('input[type="file"]')!, pdf);
    expect(await within(panel).findByText('facture.pdf')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Envoyer ma réponse' }));

    expect(await within(panel).findByTestId('message-sent')).toHaveTextContent('Message envoyé');
    expect(within(panel).getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/home');
    expect(sent!.get('message')).toBe('Voici la facture détaillée.');
    expect((sent!.getAll('attachments')[0] as File).name).toBe('facture.pdf');
    // The thread is refreshed from the server (actionKey=requests) and shows the new message.
    expect(calls.some((c) => c.url === '/api/all-info?actionKey=requests')).toBe(true);
    expect(await within(panel).findByText('Voici la facture détaillée.')).toBeInTheDocument();
    expect(within(panel).getByTestId('message-sent')).toBeInTheDocument();
  });

  it('a file whose content is not a PDF, JPEG, GIF or PNG is refused before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    openOn(request({ title: 'Une question' }));
    const panel = await screen.findByRole('dialog', { name: 'Une question' });
    await user.click(within(panel).getByRole('button', { name: 'Répondre' }));
    await user.upload(panel.querySelector('input[type="file"]')!, new File(['MZ not a pdf'], 'virus.pdf', { type: 'application/pdf' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('virus.pdf : ce n’est pas un fichier .pdf, .jpg, .gif ou .png');
    expect(within(panel).queryByText('virus.pdf')).not.toBeInTheDocument();
  });
});
