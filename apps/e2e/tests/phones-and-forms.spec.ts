import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../support/sign-in';
import { expect, expectNoA11yViolations, test } from './member-session';

// What a member notices on a phone and in a form: the cookie banner leaves the page readable, a
// refusal of the server lands under its field in the rule's words, and the focus goes to the first
// field in error. (Nothing scrolling sideways on any route: every-route.spec.ts.)

const PHONE = { width: 360, height: 780 };

async function bannerShare(page: Page): Promise<number> {
  const banner = page.getByTestId('cookie-consent');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Tout refuser' })).toBeVisible();
  return (await banner.boundingBox())!.height / PHONE.height;
}

test.describe('a first visit on a phone', () => {
  test.use({ storageState: { cookies: [], origins: [] }, viewport: PHONE });

  test('the cookie banner takes at most a fifth of the screen, its three choices in reach', async ({ page }) => {
    for (const path of ['/login', '/faq']) {
      await page.goto(path);
      const share = await bannerShare(page);
      expect(share, `${path}: the banner covers ${Math.round(share * 100)} % of the screen`).toBeLessThanOrEqual(0.2);
      for (const name of ['Tout accepter', 'Tout refuser', 'Personnaliser']) {
        const box = (await page.getByTestId('cookie-consent').getByRole('button', { name }).boundingBox())!;
        expect(box.x + box.width, `${path}: « ${name} » within the screen`).toBeLessThanOrEqual(PHONE.width);
      }
      await expectNoA11yViolations(page, { label: `${path}, cookie banner at 360 px` });
    }
  });
});

test('a secondary e-mail equal to the e-mail: the spec’s words under the field, which gets the focus', async ({ page }) => {
  await page.goto('/personal-info');
  const secondary = page.getByRole('textbox', { name: 'E-mail secondaire (facultatif)' });
  await secondary.fill(DEMO_ACCOUNTS.camille.email.toUpperCase());
  await page.getByRole('button', { name: 'Enregistrer mes coordonnées' }).click();
  await expect(secondary).toHaveAttribute('aria-invalid', 'true');
  await expect(secondary).toHaveAccessibleDescription("Le champ 'Email secondaire' ne peut pas contenir la même adresse que le champ 'Email'");
  await expect(secondary).toBeFocused();
  await expect(page.getByText('Veuillez vérifier vos données saisies')).toHaveCount(0);
  await expectNoA11yViolations(page, { label: 'personal information, secondary e-mail refused' });
});

test('the card’s e-mail dialog: an invalid address gets the focus after « Envoyer ma carte »', async ({ page }) => {
  await page.goto('/tp-card');
  await page.getByRole('button', { name: 'Recevoir ma carte par e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recevoir ma carte par e-mail' });
  const email = dialog.getByRole('textbox', { name: 'Adresse e-mail' });
  await email.fill('pas-une-adresse');
  await dialog.getByRole('button', { name: 'Envoyer ma carte' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expectNoA11yViolations(page, { label: 'card e-mail dialog, address refused' });
});
