import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request as playwrightRequest } from '@playwright/test';
import pg from 'pg';
import { isolatedServer, test as isolatedTest } from '../fixtures';
import { MailReader } from '../support/mail-reader';
import { e2eState } from '../support/state';
import { DEMO, signIn } from './auth-support';
import { expect, expectNoA11yViolations, test } from './member-session';

// The card: the third-party-payment card panel from home, the card
// downloaded and e-mailed (PDF attachment read), the QR payload verified as a health professional's
// software would, a paper card asked twice (the second refused with the spec's text).
// Camille (mutua, individual contract, four beneficiaries) on the shared server.

test.describe.configure({ timeout: 120_000 });

// The wallet journey adds a beneficiary as the insurer's system would (a row in the database): an
// instance of this file's own on PostgreSQL.
const instance = isolatedServer({ database: 'server', name: 'tp-card-wallet' });

const pdfText = (path: string) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

test('the card panel from home: download, e-mail, professional QR check, paper resend twice', async ({ page }, testInfo) => {
  const mail = new MailReader(e2eState().mailApi);
  const after = await mail.mark();

  await page.goto('/home');
  const block = page.getByRole('region', { name: 'Ma carte de tiers payant' });
  await block.getByRole('link', { name: 'Voir ma carte' }).click();
  await expect(page).toHaveURL(/\/tp-card$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ma carte de tiers payant' })).toBeVisible();
  const face = page.getByRole('region', { name: 'Santé Essentielle Individuelle' });
  for (const [label, value] of [
    ['Numéro AMC', '775671234'],
    ['Numéro de contrat', 'MUTUA-IND-2024'],
    ['Réseau de soins', 'Kalivia'],
    ['Opérateur', 'Almerys'],
  ] as const) {
    await expect(face.getByText(label, { exact: true })).toBeVisible();
    await expect(face.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(face.getByText(/^du 1er janvier 2026 au 31 décembre 2026$/)).toBeVisible();
  await expect(face.getByRole('list', { name: 'Bénéficiaires de la carte' }).getByRole('listitem')).toHaveCount(4);
  const qr = face.getByRole('img', { name: /Code QR de votre carte/ });
  await expect(qr).toBeVisible();
  // The QR lasts as long as the card.
  await expect(face.getByText(/^Réservé aux professionnels de santé\. Valable jusqu’au 31 décembre \d{4}\.$/)).toBeVisible();
  await expectNoA11yViolations(page, { label: 'tp-card panel' });
  // Screenshots for a look at 1280 px and 360 px (kept with the test's results).
  await page.screenshot({ path: testInfo.outputPath('tp-card-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(face.getByRole('img', { name: /Code QR de votre carte/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('tp-card-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The printable card.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger ma carte' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^carte_tiers_payant_\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdfPath = testInfo.outputPath('carte.pdf');
  await download.saveAs(pdfPath);
  const text = pdfText(pdfPath);
  expect(text).toContain('Carte de tiers payant');
  expect(text).toContain('Numéro AMC : 775671234');
  expect(text).toContain('MUTUA-IND-2024');
  // Names as on screen, and the QR with what it is for.
  expect(text).toContain('Camille Durand');
  expect(text).not.toContain('CAMILLE DURAND');
  expect(text).toMatch(/Code QR réservé aux professionnels de santé, valable jusqu’au 31 décembre \d{4}\./);

  // By e-mail: the stored address proposed; a bad one refused; another one used, the stored one kept.
  await page.getByRole('button', { name: 'Recevoir ma carte par e-mail' }).click();
  const emailDialog = page.getByRole('dialog', { name: 'Recevoir ma carte par e-mail' });
  const address = emailDialog.getByRole('textbox', { name: 'Adresse e-mail' });
  await expect(address).toHaveValue('camille.durand@example.com');
  await address.fill('pas-une-adresse');
  await emailDialog.getByRole('button', { name: 'Envoyer ma carte' }).click();
  await expect(emailDialog.getByText('Adresse e-mail invalide.')).toBeVisible();
  await address.fill('camille.pharmacie@example.com');
  await expect(emailDialog.getByRole('checkbox', { name: /Enregistrer aussi cette adresse/ })).not.toBeChecked();
  await expectNoA11yViolations(page, { label: 'tp-card e-mail dialog' });
  await emailDialog.getByRole('button', { name: 'Envoyer ma carte' }).click();
  await expect(emailDialog.getByText(/Votre carte de tiers payant a été envoyée à c\*\*\*e@example\.com/)).toBeVisible();
  const sent = await mail.waitFor({ to: 'camille.pharmacie@example.com', after, subject: 'Votre carte de tiers payant' });
  expect(sent.attachments).toHaveLength(1);
  expect(sent.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
  expect(sent.attachments[0]!.filename).toMatch(/^carte_tiers_payant_\d{4}-\d{2}-\d{2}\.pdf$/);
  const attached = testInfo.outputPath('attached.pdf');
  writeFileSync(attached, Buffer.from(sent.attachments[0]!.contentBase64, 'base64'));
  expect(pdfText(attached)).toContain('Numéro AMC : 775671234');
  await emailDialog.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(emailDialog).toBeHidden();

  // The professional's software scans the QR and checks it: no session, no cookie.
  const payload = await qr.getAttribute('data-qr-value');
  expect(payload).toMatch(/^TP1\./);
  expect(payload).not.toContain('Durand');
  const professional = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin, storageState: { cookies: [], origins: [] } });
  try {
    const checked = await professional.post('/api/tp-card/verify', { data: { payload } });
    expect(checked.status()).toBe(200);
    const answer = (await checked.json()) as { data: { valid: boolean; amcNumber: string; insurerContract: string; beneficiaries: unknown[] } };
    expect(answer.data).toMatchObject({ valid: true, amcNumber: '775671234', insurerContract: 'MUTUA-IND-2024' });
    expect(answer.data.beneficiaries).toHaveLength(4);
    const forged = await professional.post('/api/tp-card/verify', { data: { payload: `${payload!.slice(0, -3)}AAA` } });
    expect(forged.status()).toBe(400);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe('Ce code QR n’est pas valide ou a expiré.');
  } finally {
    await professional.dispose();
  }

  // A paper card: received; a second one within 30 days refused with the spec's text.
  const paper = page.getByRole('region', { name: 'Recevoir une carte papier' });
  await paper.getByRole('button', { name: 'Demander une carte papier' }).click();
  const paperDialog = page.getByRole('dialog', { name: 'Demander une carte papier' });
  await expect(paperDialog.getByRole('button', { name: 'Confirmer ma demande' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'tp-card paper dialog' });
  await paperDialog.getByRole('button', { name: 'Confirmer ma demande' }).click();
  await expect(paperDialog.getByText('Votre demande a bien été reçue')).toBeVisible();
  await paperDialog.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(paperDialog).toBeHidden();
  await expect(paper.getByText('Demande reçue').first()).toBeVisible();
  await expect(paper.getByText(/Vous pourrez en demander une nouvelle à partir du/)).toBeVisible();
  await paper.getByRole('button', { name: 'Demander une carte papier' }).click();
  await paperDialog.getByRole('button', { name: 'Confirmer ma demande' }).click();
  await expect(paperDialog.getByRole('alert')).toContainText(
    'Une carte papier vous a déjà été envoyée au cours des 30 derniers jours. Veuillez patienter avant de renouveler votre demande.',
  );
  await expectNoA11yViolations(page, { label: 'tp-card paper refused' });
  await paperDialog.getByRole('button', { name: 'Annuler' }).click();

  // From « Mon compte » too.
  await page.goto('/account');
  await page.getByRole('region', { name: 'Ma carte de tiers payant' }).getByRole('link', { name: 'Voir ma carte' }).click();
  await expect(page).toHaveURL(/\/tp-card$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ma carte de tiers payant' })).toBeVisible();
});

isolatedTest(
  'the wallet pass: added as a device would through the PassKit web service, it changes after a beneficiary is added',
  async ({ page, mail }, testInfo) => {
    isolatedTest.setTimeout(120_000);
    const origin = new URL(instance.tenantUrl('mutua')).origin;
    await signIn(page, { origin, mail, port: instance.server.port, login: DEMO.camille.login, email: DEMO.camille.email });
    await page.goto(`${origin}/tp-card`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Ajouter à Apple Wallet' }).click()]);
    expect(download.suggestedFilename()).toBe('carte_tiers_payant.pkpass');
    const read = async (pkpass: string, dir: string) => {
      execFileSync('unzip', ['-q', '-o', pkpass, '-d', dir]);
      return JSON.parse(execFileSync('cat', [`${dir}/pass.json`], { encoding: 'utf8' })) as {
        serialNumber: string;
        passTypeIdentifier: string;
        authenticationToken: string;
        webServiceURL: string;
        generic: {
          primaryFields: { key: string; value: string }[];
          secondaryFields: { key: string; value: string }[];
          backFields: { key: string; value: string }[];
        };
      };
    };
    await download.saveAs(testInfo.outputPath('card.pkpass'));
    const pass = await read(testInfo.outputPath('card.pkpass'), testInfo.outputPath('pass-1'));
    expect(pass.webServiceURL).toBe(`${origin}/api/wallet`);
    expect(pass.generic.primaryFields[0]!.value).toBe('Camille Durand');
    expect(pass.generic.secondaryFields.find((f) => f.key === 'nir')!.value.replace(/\s/g, '')).toBe(DEMO.camille.nir);
    expect(pass.generic.backFields.find((f) => f.key === 'beneficiaries')!.value).not.toContain('Nina');

    const device = await playwrightRequest.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const service = `${pass.webServiceURL}/v1`;
      const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
      const registration = `${service}/devices/e2e-iphone/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`;
      expect(
        (await device.post(registration, { headers: { authorization: 'ApplePass wrong-token-0123456789' }, data: { pushToken: 'e2e-push' } })).status(),
      ).toBe(401);
      expect((await device.post(registration, { headers: auth, data: { pushToken: 'e2e-push' } })).status()).toBe(201);
      expect((await device.post(registration, { headers: auth, data: { pushToken: 'e2e-push' } })).status()).toBe(200);
      const listed = await device.get(`${service}/devices/e2e-iphone/registrations/${pass.passTypeIdentifier}`);
      expect(listed.status()).toBe(200);
      const { serialNumbers, lastUpdated } = (await listed.json()) as { serialNumbers: string[]; lastUpdated: string };
      expect(serialNumbers).toEqual([pass.serialNumber]);
      expect((await device.get(`${service}/devices/e2e-iphone/registrations/${pass.passTypeIdentifier}?passesUpdatedSince=${lastUpdated}`)).status()).toBe(204);
      const latest = await device.get(`${service}/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`, { headers: auth });
      expect(latest.status()).toBe(200);
      const lastModified = latest.headers()['last-modified']!;
      expect(
        (
          await device.get(`${service}/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`, { headers: { ...auth, 'if-modified-since': lastModified } })
        ).status(),
      ).toBe(304);

      // The insurer's system adds a child to Camille's contract.
      const client = new pg.Client({ connectionString: instance.database!.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ id: string }>('SELECT id FROM members WHERE membership_number = $1', [DEMO.camille.number]);
        const memberId = rows[0]!.id;
        await client.query(
          `INSERT INTO beneficiaries (member_id, family_position, rank, first_name, sur_name, birth_date, sex) VALUES ($1, 9, 'CHILD', 'Nina', 'Durand', '2026-06-01', 'F')`,
          [memberId],
        );
        await client.query(
          `INSERT INTO contracts (member_id, family_position, kind, label, insurer_contract, product_number, company_id, base_option_code, incoming_date, outgoing_date)
         SELECT member_id, 9, kind, label, insurer_contract, product_number, company_id, base_option_code, incoming_date, outgoing_date FROM contracts
         WHERE member_id = $1 AND family_position = 1 AND insurer_contract = 'MUTUA-IND-2024'`,
          [memberId],
        );
      } finally {
        await client.end();
      }

      const changed = await device.get(`${service}/devices/e2e-iphone/registrations/${pass.passTypeIdentifier}?passesUpdatedSince=${lastUpdated}`);
      expect(changed.status()).toBe(200);
      expect(((await changed.json()) as { serialNumbers: string[] }).serialNumbers).toEqual([pass.serialNumber]);
      const updated = await device.get(`${service}/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`, {
        headers: { ...auth, 'if-modified-since': lastModified },
      });
      expect(updated.status()).toBe(200);
      writeFileSync(testInfo.outputPath('updated.pkpass'), await updated.body());
      const after = await read(testInfo.outputPath('updated.pkpass'), testInfo.outputPath('pass-2'));
      expect(after.serialNumber).toBe(pass.serialNumber);
      expect(after.generic.backFields.find((f) => f.key === 'beneficiaries')!.value).toContain('Nina Durand');
      expect((await device.delete(registration, { headers: auth })).status()).toBe(200);
    } finally {
      await device.dispose();
    }
  },
);
