import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { globalDetails, group, request } from '../../../test/global-details';
import { Component as NewRequestDialog } from './new-request';
import { Component as RequestsPage } from './requests';

const details = globalDetails();
const partAnswer = (d = details) =>
  jsonResponse({ data: { allRequests: d.allRequests, lastRequests: d.lastRequests, averageRequestResponseDelay: d.averageRequestResponseDelay } });

describe('requests page', () => {
  it('loads the requests with actionKey=requests, flags the new ones and gives the processing delays', async () => {
    const { calls } = stubFetch({ '/all-info': partAnswer() });
    renderAt(<RequestsPage />, { path: '/requests', details });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes demandes' })).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/all-info?actionKey=requests'));
    const items = screen.getAllByTestId('request-item');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByText('Nouveau')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Message non lu')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Nouveau')).not.toBeInTheDocument();
    const delay = screen.getByTestId('average-delay');
    expect(delay).toHaveTextContent('d’ici le 20 janvier 2026 pour vos remboursements et prestations');
    expect(delay).toHaveTextContent('d’ici le 25 janvier 2026 pour votre adhésion');
    expect(delay).toHaveTextContent('reçues jusqu’au 10 janvier 2026');
  });

  it('the type filter narrows the list (a link may give it); a type without requests says so', async () => {
    const user = userEvent.setup();
    stubFetch({ '/all-info': partAnswer() });
    renderAt(<RequestsPage />, { path: '/requests', url: '/requests?type=supporting_document', details });
    await screen.findAllByTestId('request-item');
    expect(screen.getByRole('combobox', { name: 'Type de demande' })).toHaveValue('supporting_document');
    expect(screen.getAllByTestId('request-item')).toHaveLength(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de demande' }), 'Facture');
    expect(screen.getAllByTestId('request-item')).toHaveLength(1);
    expect(screen.getByText('Facture dentaire de Thomas')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type de demande' })).toHaveFocus();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de demande' }), 'Devis');
    expect(screen.getByTestId('requests-empty')).toHaveTextContent('Aucune demande de ce type.');
    await user.click(screen.getByRole('button', { name: 'Voir toutes mes demandes' }));
    expect(screen.getAllByTestId('request-item')).toHaveLength(4);
  });

  it('no request at all: the empty state points to a new request', async () => {
    const empty = globalDetails({ allRequests: [], lastRequests: [] });
    stubFetch({ '/all-info': partAnswer(empty) });
    renderAt(<RequestsPage />, { path: '/requests', details: empty, served: ['newRequest'] });
    const state = await screen.findByTestId('requests-empty');
    expect(state).toHaveTextContent('Vous n’avez encore fait aucune demande.');
    expect(within(state).getByRole('link', { name: 'Faire une nouvelle demande' })).toHaveAttribute('href', '/new-request');
  });

  it('"Actualiser" asks the server again', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({ '/all-info': partAnswer() });
    renderAt(<RequestsPage />, { path: '/requests', details });
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/all-info?actionKey=requests')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actualiser' })).not.toHaveAttribute('aria-busy', 'true'));
    await user.click(screen.getByRole('button', { name: 'Actualiser' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/all-info?actionKey=requests')).toHaveLength(2));
  });

  it('a request opens in its panel; closing gives the focus back to it', async () => {
    const user = userEvent.setup();
    stubFetch({ '/all-info': partAnswer(), '/requests/message': 'hang' });
    renderAt(<RequestsPage />, { path: '/requests', details });
    const opener = await screen.findByRole('button', { name: 'Facture dentaire de Thomas' });
    await user.click(opener);
    const panel = await screen.findByRole('dialog', { name: 'Facture dentaire de Thomas' });
    await user.click(within(panel).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a link from home opens the request; closing drops the link’s parameter', async () => {
    const user = userEvent.setup();
    const target = details.allRequests![1]!.requests[0]!;
    stubFetch({ '/all-info': partAnswer(), '/requests/message': 'hang' });
    const { router } = renderAt(<RequestsPage />, { path: '/requests', url: `/requests?request=${target.id}`, details });
    const panel = await screen.findByRole('dialog', { name: target.title });
    await user.click(within(panel).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('long lists show their first groups, then more on demand', async () => {
    const user = userEvent.setup();
    const many = globalDetails({ allRequests: Array.from({ length: 20 }, (_, i) => group([request({ title: `Demande ${i + 1}` })])) });
    stubFetch({ '/all-info': partAnswer(many) });
    renderAt(<RequestsPage />, { path: '/requests', details: many });
    expect(await screen.findAllByTestId('request-item')).toHaveLength(15);
    expect(screen.getByTestId('requests-count')).toHaveTextContent('20 demandes');
    await user.click(screen.getByRole('button', { name: 'Afficher plus de demandes' }));
    expect(screen.getAllByTestId('request-item')).toHaveLength(20);
    expect(screen.queryByRole('button', { name: 'Afficher plus de demandes' })).not.toBeInTheDocument();
  });
});

describe('writing a message', () => {
  it('checks the fields with the contract, sends a multipart form and ends on "Message envoyé"', async () => {
    const user = userEvent.setup();
    let form: FormData | null = null;
    const created = request({ title: 'Question sur mes garanties' });
    stubFetch({
      '/all-info': () => jsonResponse({ data: { ...details, allRequests: form ? [group([created]), ...details.allRequests!] : details.allRequests } }),
      '/requests/messages': ({ init }) => {
        form = init.body as FormData;
        return jsonResponse(
          { data: { requestId: created.id, groupId: created.groupId, messageId: '00000000-0000-4000-8000-0000000000f1', statusKey: 'request_sent' } },
          201,
        );
      },
    });
    renderAt(<RequestsPage />, { path: '/requests', details, served: ['home'] });
    await user.click(await screen.findByRole('button', { name: 'Écrire un message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Écrire un message' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText("Le champ 'Objet' ne peut pas être vide")).toBeInTheDocument();
    expect(within(dialog).getByText('Veuillez choisir une catégorie')).toBeInTheDocument();
    expect(within(dialog).getByText("Le champ 'Message' ne peut pas être vide")).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Objet/ }), 'Question sur mes garanties');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Catégorie/ }), 'warranties_other');
    await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Mes lunettes sont-elles couvertes ?');
    await user.upload(
      dialog.querySelector('input[type="file"]')!,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], 'ordonnance.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(await within(dialog).findByTestId('message-sent')).toHaveTextContent('Message envoyé');
    expect(form!.get('object')).toBe('Question sur mes garanties');
    expect(form!.get('category')).toBe('warranties_other');
    expect(form!.get('message')).toBe('Mes lunettes sont-elles couvertes ?');
    expect(form!.get('request')).toBe('DEMANDE');
    expect((form!.get('attachments') as File).name).toBe('ordonnance.png');
    // The new request is in the list, and "Voir ma demande" opens it.
    expect(await screen.findByText('Question sur mes garanties', { selector: 'button' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Voir ma demande' }));
    expect(await screen.findByRole('dialog', { name: 'Question sur mes garanties' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Écrire un message' })).not.toBeInTheDocument();
  });

  it('a refused message shows the server’s reason and keeps the form', async () => {
    const user = userEvent.setup();
    stubFetch({
      '/all-info': partAnswer(),
      '/requests/messages': jsonResponse({ error: { code: 'UPLOAD_ENCRYPTED', message: 'x' } }, 400),
    });
    renderAt(<RequestsPage />, { path: '/requests', details });
    await user.click(await screen.findByRole('button', { name: 'Écrire un message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Écrire un message' });
    await user.type(within(dialog).getByRole('textbox', { name: /Objet/ }), 'Objet');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Catégorie/ }), 'Autres');
    await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Bonjour');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Le fichier est protégé par un mot de passe.');
    expect(within(dialog).getByRole('textbox', { name: /Objet/ })).toHaveValue('Objet');
  });
});

describe('new-request hub', () => {
  it('each entry leads to its route when served, and otherwise says why it is unavailable', async () => {
    renderAt(<NewRequestDialog />, { path: '/new-request', served: ['getRefund', 'faq', 'assistant'] });
    expect(await screen.findByRole('link', { name: 'Me faire rembourser' })).toHaveAttribute('href', '/get-refund');
    expect(screen.getByRole('link', { name: 'Foire aux questions' })).toHaveAttribute('href', '/faq');
    expect(screen.getByTestId('hub-unavailable-prepare')).toHaveTextContent('Bientôt disponible dans votre espace.');
    expect(screen.getByTestId('hub-unavailable-proof')).toHaveTextContent('Bientôt disponible dans votre espace.');
    // The chatbot card opens the assistant.
    expect(screen.getByRole('link', { name: 'Chatbot 24h/24, 7j/7' })).toHaveAttribute('href', '/help/assistant');
    expect(screen.queryByTestId('hub-unavailable-chatbot')).not.toBeInTheDocument();
    for (const title of [
      'Me faire rembourser',
      'Préparer un soin à venir',
      'Partager un justificatif',
      'Foire aux questions',
      'Chatbot 24h/24, 7j/7',
      'Nous contacter',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
  });

  it('contact goes to the contact dialog once served, and meanwhile writes a message here', async () => {
    const user = userEvent.setup();
    const first = renderAt(<NewRequestDialog />, { path: '/new-request', served: ['contactUs'] });
    expect(await screen.findByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/contact-us');
    first.unmount();

    renderAt(<NewRequestDialog />, { path: '/new-request' });
    await user.click(await screen.findByRole('button', { name: 'Écrire un message' }));
    expect(screen.getByRole('form', { name: 'Écrire un message' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retour aux choix' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Nous contacter' })).toBeInTheDocument();
  });
});
