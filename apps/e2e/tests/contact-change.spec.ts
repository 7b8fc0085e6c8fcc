import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';
import { fetchFromPage } from './page-fetch';

// Changing the e-mail address that receives the sign-in codes needs the
// password, is confirmed from the new address (the mailed link, opened signed out: the login, then
// the link's page), and the old address is told. It changes where Léa's codes go, so it runs on a server instance of its own.

const instance = isolatedServer({ database: 'embedded', name: 'contact-change' });

test('a new e-mail address is confirmed from the mailed link, opened signed out then after sign-in; the old address is told; codes then go to the new one', async ({
  page,
}) => {
  const lea = DEMO_ACCOUNTS.lea;
  const newEmail = `lea.nouvelle.${Date.now()}@example.org`;
  await instance.signIn(page, lea);

  // The request, as the personal-information page will send it (password required).
  const asked = await fetchFromPage<{ data?: { status: string } }>(page, '/api/contact-change', {
    method: 'POST',
    json: { kind: 'email', value: newEmail, password: DEMO_PASSWORD },
  });
  expect(asked.status).toBe(202);
  expect(asked.body.data?.status).toBe('PENDING');

  const link = await instance.mail.waitFor({ to: newEmail });
  const url = link.text.match(/https?:\/\/\S+\/contact-change\/confirm\/\S+/)?.[0];
  expect(url, 'the mail to the new address carries the confirmation link').toBeTruthy();
  // The link points at this instance's own tenant host, never at a Host header an attacker sent.
  expect(new URL(url!).port).toBe(String(instance.server.port));

  // Opened signed out (the mail read on another day): the login first, then the link's page itself.
  await page.context().clearCookies();
  await page.goto(url!);
  await expect(page).toHaveURL(/\/login/);
  await instance.signIn(page, lea);
  await expect(page).toHaveURL(url!);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmation de votre adresse e-mail' })).toBeVisible();
  await expect(page.getByText('Votre nouvelle adresse e-mail est enregistrée.')).toBeVisible();
  await expectNoA11yViolations(page, { label: 'contact change confirmed' });

  // The old address is told what changed.
  const notice = await instance.mail.waitFor({ to: lea.email, after: link.id, subject: /modifiée/ });
  expect(notice.subject).toBe('Votre adresse e-mail Azur Prévoyance a été modifiée');
  // …with the new address masked, as every address shown to a member is.
  expect(notice.text).toMatch(/par\s: l\*+\d@example\.org/);
  expect(notice.text).not.toContain(newEmail);

  // The same link a second time changes nothing and says so.
  await page.goto(url!);
  await expect(page.getByRole('alert')).toContainText('Ce lien a expiré');

  // From now on the sign-in code goes to the new address.
  await page.context().clearCookies();
  await instance.signIn(page, { ...lea, email: newEmail });
  await expect(page).toHaveURL(/\/home$/);
});
