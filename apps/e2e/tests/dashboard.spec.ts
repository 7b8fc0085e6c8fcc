import type { TGlobalDetails } from '@mutua/contracts/global-details';
import type { TRequestsInfo } from '@mutua/contracts/requests';
import { apiFromPage, expect, expectNoA11yViolations, test } from './member-session';

// The home dashboard of a signed-in member, with her real data, and
// axe-core finding nothing on it (wide screen, 360 px phone, new-request dialog over it).

/** The global details the page carried (its start-up answers, `#mutua-answers`). */
function globalDetailsIn(html: string): TGlobalDetails {
  const answers = /<script type="application\/json" id="mutua-answers">(.*?)<\/script>/s.exec(html);
  expect(answers, 'the page carries its start-up answers').not.toBeNull();
  return (JSON.parse(answers![1]!) as { '/all-info': { data: TGlobalDetails } })['/all-info'].data;
}

test.describe('home dashboard', () => {
  test('shows the member’s blocks and the right column from the global details', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByText('Bonjour Camille')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
    const details = (await apiFromPage<{ data: TGlobalDetails }>(page, '/api/all-info')).data;

    // Contract, card, beneficiaries and documents: what the API says, capitalised names.
    const contract = page.getByRole('region', { name: 'Mon contrat' });
    await expect(contract.getByText(details.insured.contractsSubscribed[0]!.label).first()).toBeVisible();
    const people = page.getByRole('region', { name: 'Mes bénéficiaires' }).getByRole('listitem');
    await expect(people).toHaveCount(details.insured.allBeneficiaries.beneficiaries.length);
    await expect(people.first()).toContainText('Camille Durand');
    await expect(page.getByRole('region', { name: 'Ma carte de tiers payant' })).toContainText('Léa Durand');
    await expect(
      page
        .getByRole('region', { name: 'Mes documents' })
        .getByRole('button', { name: /^Télécharger / })
        .first(),
    ).toBeVisible();

    // Latest refunds: the global details' list, each opening its detail on the refunds page.
    const refunds = page.getByRole('region', { name: 'Mes derniers remboursements' });
    await expect(refunds.getByRole('listitem')).toHaveCount(details.refunds.length);
    await refunds.getByRole('link', { name: details.refunds[0]!.actWording }).first().click();
    await expect(page).toHaveURL(new RegExp(`/refunds\\?refund=${details.refunds[0]!.id}$`));
    await expect(page.getByRole('dialog', { name: 'Détail du remboursement' })).toBeVisible();

    // Latest requests: the first 3 groups of the requests list, as the server orders them now.
    const info = (await apiFromPage<{ data: TRequestsInfo }>(page, '/api/all-info?actionKey=requests')).data;
    expect(info.lastRequests).toEqual(info.allRequests.slice(0, 3));
    // Home shows what its own global details said (other tests of the same member add requests
    // meanwhile: a list read at another moment may differ).
    // They come with the page (apps/server/src/http/app-page.ts), which the server painted from them.
    const homePage = await page.goto('/home');
    const shown = globalDetailsIn(await homePage!.text());
    const requests = page.getByRole('region', { name: 'Mes dernières demandes' });
    await expect(requests.getByRole('listitem').first()).toBeVisible();
    // One item per group (3 at most, as the spec says), the requests sent together inside theirs.
    expect(shown.lastRequests.length).toBeLessThanOrEqual(3);
    await expect(requests.getByTestId('latest-request-group')).toHaveCount(shown.lastRequests.length);
    const titles = shown.lastRequests.flatMap((g) => g.requests.map((r) => r.title));
    for (const title of titles) await expect(requests.getByRole('link', { name: title, exact: true })).toBeVisible();
    await requests.getByRole('link', { name: 'Nouvelle demande' }).click();
    await expect(page.getByRole('dialog', { name: 'Nouvelle demande' })).toBeVisible();
    await expectNoA11yViolations(page, { label: 'new-request dialog over home' });
  });

  test('actions: get refunded, prepare care and share a proof open their dialogs', async ({ page }) => {
    await page.goto('/home');
    const actions = page.getByRole('region', { name: 'Que souhaitez-vous faire ?' });
    await expect(actions.getByRole('link', { name: 'Me faire rembourser' })).toHaveAttribute('href', '/get-refund');
    await expect(actions.getByRole('link', { name: 'Préparer un soin à venir' })).toHaveAttribute('href', '/home/prepare-treatment');
    await expect(actions.getByRole('link', { name: 'Mettre à jour mon dossier / partager un justificatif' })).toHaveAttribute('href', '/doc-sharing');
  });

  test('the mobile application block has a QR code to each store link', async ({ page }) => {
    await page.goto('/home');
    const details = (await apiFromPage<{ data: TGlobalDetails }>(page, '/api/all-info')).data;
    const app = page.getByRole('region', { name: 'L’application mobile' });
    const qr = app.getByRole('img', { name: /^QR code vers l’application Mutua Santé sur l’App Store$/ });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('data-qr-value', details.insuredMobileApplication.appStoreUrl!);
    // Drawn by the server (the image of that very link is checked in platform.test.ts), loaded lazily.
    await qr.scrollIntoViewIfNeeded();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(app.getByRole('link', { name: 'Télécharger sur Google Play (nouvelle fenêtre)' })).toHaveAttribute(
      'href',
      details.insuredMobileApplication.playStoreUrl!,
    );
  });

  test('axe-core finds no violation on home, wide and at 360 px, where nothing overflows', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('region', { name: 'Mes dernières demandes' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'L’application mobile' }).getByRole('img').first()).toBeVisible();
    await expectNoA11yViolations(page, { label: 'home 1280 px' });

    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Mes dernières demandes' }).getByRole('listitem').first()).toBeVisible();
    const main = page.getByRole('main');
    expect(await main.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoA11yViolations(page, { label: 'home 360 px' });
  });
});
