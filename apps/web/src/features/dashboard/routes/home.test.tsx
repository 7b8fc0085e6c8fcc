import { UNDELIVERABLE_ADDRESS_ALERT } from '@mutua/contracts/home-notices';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteId } from '../../../lib/paths';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { globalDetails, group, request } from '../../../test/global-details';
import { Component as Home } from './home';

// The read blocks are a chunk of their own, asked for when home's module loads: here, its first
// transform takes longer than a query's wait.
beforeAll(async () => {
  await import('../components/read-blocks');
});

const section = (name: string) => screen.getByRole('region', { name });

function renderHome(details = globalDetails(), served: RouteId[] = ['refunds', 'requests', 'newRequest']) {
  const fetch = stubFetch({ '/all-info': jsonResponse({ data: { timelineRecent: details.timelineRecent } }) });
  const view = renderAt(<Home />, { path: '/home', id: 'home', details, served });
  return { ...fetch, ...view };
}

describe('home dashboard', () => {
  it('welcomes the member and shows every block with the real data', async () => {
    const { calls } = renderHome();
    // The greeting is the page's heading (focus lands on it after sign-in).
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeInTheDocument();
    expect(screen.getByText(/Numéro d’adhérent/)).toHaveTextContent('12345678');
    expect(screen.getByText(/^Dernière connexion le 14\/01\/2026 à \d\d:30$/)).toBeInTheDocument();

    expect(within(section('Mon contrat')).getByText('Santé Essentielle Individuelle')).toBeInTheDocument();
    expect(within(section('Mon contrat')).getByText('Contrat individuel n° IND-2024-0042')).toBeInTheDocument();
    expect(within(section('Ma carte de tiers payant')).getByText('Camille Durand, Thomas Durand, Léa Durand')).toBeInTheDocument();
    expect(within(section('Mes bénéficiaires')).getAllByRole('listitem')).toHaveLength(3);
    expect(within(section('Mes bénéficiaires')).getByText('Conjoint, né le 30/09/1984')).toBeInTheDocument();
    expect(within(section('Mes documents')).getByText('Certificat de scolarité')).toBeInTheDocument();
    expect(within(section('Mes documents')).getByRole('button', { name: 'Télécharger certificat-scolarite-noah.pdf' })).toBeInTheDocument();

    // The recent timeline is refreshed with its actionKey.
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/all-info?actionKey=timeline_recent'));
  });

  it('the right column: actions, latest refunds and the first 3 request groups with a New request link', async () => {
    renderHome();
    const shortcuts = await screen.findByRole('complementary', { name: 'Mes raccourcis' });
    // Get refunded, prepare care and share a proof are later issues: visible, unavailable, with the reason.
    const actions = within(shortcuts).getByRole('region', { name: 'Que souhaitez-vous faire\u00a0?' });
    for (const name of ['Me faire rembourser', 'Préparer un soin à venir', 'Mettre à jour mon dossier / partager un justificatif']) {
      const button = within(actions).getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Bientôt disponible dans votre espace.');
    }
    const refunds = within(shortcuts).getByRole('region', { name: 'Mes derniers remboursements' });
    const refundLinks = within(refunds).getAllByRole('link');
    expect(refundLinks[0]).toHaveAttribute('href', expect.stringMatching(/^\/refunds\?refund=/));
    expect(within(refunds).getByText('12,34 €', { exact: false })).toBeInTheDocument();
    expect(within(refunds).getByRole('link', { name: 'Tous mes remboursements' })).toHaveAttribute('href', '/refunds');

    const requests = within(shortcuts).getByRole('region', { name: 'Mes dernières demandes' });
    expect(within(requests).getAllByTestId('latest-request-group')).toHaveLength(3);
    expect(within(requests).queryByText('Certificat de scolarité de Noah')).not.toBeInTheDocument();
    expect(within(requests).getByText('Nouveau')).toBeInTheDocument();
    expect(within(requests).getByRole('link', { name: 'Nouvelle demande' })).toHaveAttribute('href', '/new-request');
  });

  it('« Mes dernières demandes » shows 3 groups, the requests sent together inside theirs', async () => {
    const together = group([request({ title: 'Facture optique' }), request({ title: 'Ordonnance optique' })], { createdAt: '2026-01-11T09:00:00.000Z' });
    const groups = [together, group([request({ title: 'Question garanties' })]), group([request({ title: 'Attestation employeur' })])];
    renderHome(globalDetails({ allRequests: groups, lastRequests: groups }));
    const requests = await screen.findByRole('region', { name: 'Mes dernières demandes' });
    const items = within(requests).getAllByTestId('latest-request-group');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('2 demandes envoyées ensemble le 11/01/2026');
    for (const title of ['Facture optique', 'Ordonnance optique']) expect(within(items[0]!).getByRole('link', { name: title })).toBeInTheDocument();
  });

  it('blocks link to later issues’ routes once they are served', async () => {
    renderHome(globalDetails(), ['refunds', 'requests', 'newRequest', 'getRefund', 'documents', 'beneficiary', 'contractualInfo']);
    const actions = await screen.findByRole('region', { name: 'Que souhaitez-vous faire\u00a0?' });
    expect(within(actions).getByRole('link', { name: 'Me faire rembourser' })).toHaveAttribute('href', '/get-refund');
    expect(within(section('Mes documents')).getByRole('link', { name: 'Voir tous mes documents' })).toHaveAttribute('href', '/documents');
    expect(within(section('Mes bénéficiaires')).getByRole('link', { name: 'Gérer mes bénéficiaires' })).toHaveAttribute('href', '/beneficiary');
    expect(within(section('Mon contrat')).getByRole('link', { name: 'Voir mes contrats' })).toHaveAttribute('href', '/contractual-info');
  });

  it('without those routes, no dead link: the data is shown alone', async () => {
    renderHome();
    await screen.findByRole('region', { name: 'Mes documents' });
    expect(within(section('Mes documents')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(section('Mes bénéficiaires')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(section('Mon contrat')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('every block has an empty state pointing to the action', async () => {
    const empty = globalDetails({
      refunds: [],
      lastRequests: [],
      allRequests: [],
      timelineRecent: [],
      allDocuments: { documentsDto: { documents: [] }, uploadDocumentsTypes: [] },
    });
    empty.insured = { ...empty.insured, contractsSubscribed: [], allBeneficiaries: { beneficiaries: [] } };
    renderHome(empty, ['refunds', 'requests', 'newRequest', 'addBeneficiary']);
    await screen.findByRole('region', { name: 'Actualités' });
    expect(within(section('Actualités')).getByTestId('block-empty')).toHaveTextContent('Aucune actualité pour le moment');
    expect(within(section('Actualités')).getByRole('link', { name: 'Faire une nouvelle demande' })).toHaveAttribute('href', '/new-request');
    expect(within(section('Ma carte de tiers payant')).getByTestId('block-empty')).toHaveTextContent(
      'Carte indisponible : vous n’avez pas de contrat en cours.',
    );
    expect(within(section('Mon contrat')).getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/new-request');
    expect(within(section('Mes documents')).getByRole('button', { name: 'Partager un justificatif' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(section('Mes bénéficiaires')).getByRole('link', { name: 'Ajouter un bénéficiaire' })).toHaveAttribute('href', '/add-beneficiary');
    expect(within(section('Mes derniers remboursements')).getByTestId('block-empty')).toHaveTextContent('Aucun remboursement pour le moment.');
    expect(within(section('Mes derniers remboursements')).getByRole('button', { name: 'Me faire rembourser' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(section('Mes dernières demandes')).getByTestId('block-empty')).toHaveTextContent('Vous n’avez aucune demande en cours.');
    expect(within(section('Mes dernières demandes')).getByRole('link', { name: 'Nouvelle demande' })).toBeInTheDocument();
  });

  it('news: the announcement when displayed, and the recent events of the requests', async () => {
    const target = request({ title: 'Pièces complémentaires' });
    renderHome(
      globalDetails({
        announcement: 'Nos bureaux seront fermés le 1er mai.',
        isAnnouncementDisplayed: true,
        allRequests: [group([target])],
        timelineRecent: [
          {
            requestId: target.id,
            groupId: target.groupId,
            type: 'message',
            typeCode: 10005,
            title: 'Pièces complémentaires',
            event: 'message',
            label: 'Nouveau message de nos équipes',
            date: '2026-01-14T10:00:00.000Z',
            statusKey: 'unread',
            statusLabel: 'Message non lu',
            statusTone: 'warning',
            isNew: true,
          },
        ],
      }),
    );
    const news = await screen.findByRole('region', { name: 'Actualités' });
    expect(within(news).getByText('Nos bureaux seront fermés le 1er mai.')).toBeInTheDocument();
    expect(within(news).getByRole('link', { name: 'Pièces complémentaires' })).toHaveAttribute('href', `/requests?request=${target.id}`);
    expect(within(news).getByText('Nouveau message de nos équipes — 14 janvier 2026')).toBeInTheDocument();
  });

  it('the mobile application block has a QR code per store, as an image with a text alternative', async () => {
    renderHome();
    const block = await screen.findByRole('region', { name: 'L’application mobile' });
    const ios = await within(block).findByRole('img', { name: 'QR code vers l’application Mutua Santé sur l’App Store' });
    expect(ios).toHaveAttribute('src', '/api/brand/app-store-qr.svg');
    expect(ios).toHaveAttribute('data-qr-value', 'https://apps.example/ios');
    expect(await within(block).findByRole('img', { name: 'QR code vers l’application Mutua Santé sur Google Play' })).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'Télécharger sur Google Play (nouvelle fenêtre)' })).toHaveAttribute('href', 'https://play.example/android');
  });

  it('no mobile application block when the tenant offers none', async () => {
    renderHome(globalDetails({ insuredMobileApplication: { enabled: false, appStoreUrl: null, playStoreUrl: null } }));
    await screen.findByRole('region', { name: 'Actualités' });
    expect(screen.queryByRole('region', { name: 'L’application mobile' })).not.toBeInTheDocument();
  });

  it('alerts under the greeting, most serious first, with their link; the Noémie state of each beneficiary', async () => {
    const details = globalDetails();
    const [main, partner] = details.insured.allBeneficiaries.beneficiaries;
    details.alertDtoList = [
      {
        id: 'a1',
        level: 'critical',
        title: 'Cotisation impayée',
        message: 'Votre prélèvement a été rejeté.',
        link: { path: '/requests', label: 'Nous contacter' },
      },
      { id: 'a2', level: 'info', title: 'Vos remboursements plus vite', message: 'Vérifiez Noémie.', link: null },
    ];
    details.noemieStateDtoList = [
      { beneficiaryId: main!.id, firstName: main!.firstName, state: 'ACTIVE', reason: null, since: '2025-03-12' },
      { beneficiaryId: partner!.id, firstName: partner!.firstName, state: 'REJECTED', reason: 'Rattaché à une autre complémentaire.', since: '2026-10-18' },
    ];
    renderHome(details);
    const alerts = await screen.findByRole('region', { name: 'Mes alertes' });
    expect(
      within(alerts)
        .getAllByTestId('home-alert')
        .map((a) => a.dataset.level),
    ).toEqual(['critical', 'info']);
    expect(within(alerts).getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/requests');
    const noemie = section('Télétransmission Noémie');
    const items = within(noemie).getAllByTestId('noemie-state');
    expect(items[0]).toHaveTextContent('Active');
    expect(items[0]).toHaveTextContent('Depuis le 12/03/2025');
    expect(items[1]).toHaveTextContent('Refusée par votre caisse');
    expect(items[1]).toHaveTextContent('Rattaché à une autre complémentaire.');
  });

  it('asks for a valid address when La Poste returned the mail (NPAI), linking to the personal information', async () => {
    renderHome(globalDetails({ alertDtoList: [UNDELIVERABLE_ADDRESS_ALERT], insured: { verifySentByPostOffice: true } }));
    const alerts = await screen.findByRole('region', { name: 'Mes alertes' });
    const [alert] = within(alerts).getAllByTestId('home-alert');
    expect(alert!.dataset.level).toBe('warning');
    expect(alert).toHaveTextContent('Adresse postale à vérifier');
    expect(alert).toHaveTextContent('Nous ne pouvons pas vous envoyer votre carte : renseignez une adresse valide.');
    expect(within(alert!).getByRole('link', { name: 'Modifier mon adresse' })).toHaveAttribute('href', '/personal-info');
  });

  it('no alerts and no Noémie block when there are none', async () => {
    renderHome();
    await screen.findByRole('heading', { level: 1, name: 'Bonjour Camille' });
    expect(screen.queryByRole('region', { name: 'Mes alertes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Télétransmission Noémie' })).not.toBeInTheDocument();
  });
});
