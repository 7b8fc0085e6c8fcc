import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import type { TTermination } from '@mutua/contracts/termination';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../src/db/schema';
import { accessibilityAnswerMail } from '../src/modules/accessibility/answer-mail';
import { terminationAcknowledgementMail } from '../src/modules/contract-life/terminations';
import { tpCardMail } from '../src/modules/tp-card/card';
import { authMails } from '../src/modules/auth/mails';
import { newMessageMail } from '../src/modules/backoffice/member-mail';
import { contactChangeMails } from '../src/modules/contact-change/mails';
import { MODULES } from '../src/modules';
import { mailBrandOf, type MailBrand, type MailKind, type RenderedMail } from '../src/modules/mail/templates';
import { createTestApp, type TestApp } from './support/test-app';

// Every mail the portal sends, rendered with each demo tenant's brand and checked in Chromium by
// axe-core with all its rules (those of an HTML document: best practices included), then for what axe
// cannot see: French language, the subject as the document's title and its heading, a plain-text part
// saying the same, no image of text, link texts that say where they go.

/** Every kind of mail the modules declare they send. */
const MAIL_KINDS = MODULES.flatMap((m) => m.mailKinds ?? []);

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const origin = 'https://mutua.example';
const at = new Date('2026-11-23T10:00:00Z');
const termination: TTermination = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'CONFIRMED',
  kind: 'INDIVIDUAL_CONTRACT',
  surName: 'DURAND',
  firstName: 'Camille',
  email: 'camille.durand@example.com',
  membershipNumber: '12345678',
  insurerContract: 'MUTUA-IND-2021',
  contractLabel: 'Santé Essentielle',
  productNumber: 'P-ESS-02',
  options: [],
  persons: [{ familyPosition: 1, firstName: 'Camille', surName: 'DURAND', rank: 'MAIN' }],
  reason: 'AFTER_ONE_YEAR',
  reasonText: '',
  date: null,
  effectiveDate: '2026-12-24',
  lastCoveredDate: '2026-12-23',
  basis: 'ONE_MONTH_AFTER_ONE_YEAR',
  receivedAt: at.toISOString(),
  requestId: null,
};

/** One rendering of every mail kind (a new kind without its sample fails the type check). */
const SAMPLES: Record<MailKind, (brand: MailBrand) => RenderedMail[]> = {
  MFA_CODE: (b) => [authMails.mfaCode(b, { firstName: 'CAMILLE', code: '482913', minutes: 10 })],
  CREATE_ACCOUNT_LINK: (b) => [authMails.createAccountLink(b, { firstName: 'Camille', link: `${origin}/login/create-account/final-step/abc`, hours: 24 })],
  FORGOTTEN_LOGIN: (b) => [
    authMails.forgottenLogin(b, { firstName: 'Camille', logins: ['12345678', 'camille.durand@example.com'], loginUrl: `${origin}/login` }),
    authMails.forgottenLoginNoAccount(b, { firstName: 'Camille', createAccountUrl: `${origin}/login/create-account` }),
  ],
  PASSWORD_RESET_LINK: (b) => [authMails.passwordResetLink(b, { firstName: 'Camille', link: `${origin}/login/reset-password/abc`, minutes: 60 })],
  PASSWORD_CHANGED: (b) => [authMails.passwordChanged(b, { firstName: 'Camille', at, forgotPasswordUrl: `${origin}/login/forgot-password` })],
  CONTACT_CHANGE_LINK: (b) => [contactChangeMails.contactChangeLink(b, { firstName: 'Camille', link: `${origin}/contact-change/confirm/abc`, hours: 24 })],
  CONTACT_CHANGED: (b) => [
    contactChangeMails.contactChanged(b, {
      firstName: 'Camille',
      what: 'EMAIL',
      newValue: 'c***e@example.org',
      at,
      forgotPasswordUrl: `${origin}/login/forgot-password`,
    }),
    contactChangeMails.contactChanged(b, {
      firstName: 'Camille',
      what: 'MOBILE',
      newValue: '06 ** ** ** 78',
      at,
      forgotPasswordUrl: `${origin}/login/forgot-password`,
    }),
  ],
  TERMINATION_ACKNOWLEDGEMENT: (b) => [terminationAcknowledgementMail(b, origin, termination, at)],
  NEW_MESSAGE: (b) => [newMessageMail(b, { firstName: 'Camille', link: `${origin}/home` })],
  TP_CARD: (b) => [tpCardMail(b, { insurerContract: 'MUTUA-IND-2021', validFrom: '2026-01-01', validTo: '2026-12-31' }, 'Camille')],
  ACCESSIBILITY_REPORT_ANSWER: (b) => [
    accessibilityAnswerMail(b, origin, { name: '', page: 'Mes remboursements', receivedAt: at.toISOString() }, 'Merci.\n\nLe tableau est corrigé.'),
  ],
};

let t: TestApp;
let browser: Browser;
let brands: { tenant: string; brand: MailBrand }[];

beforeAll(async () => {
  t = await createTestApp();
  brands = (await t.database.db.select().from(tenants)).map((tenant) => ({ tenant: tenant.id, brand: mailBrandOf(tenant, origin) }));
  browser = await chromium.launch({ executablePath: CHROMIUM });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

type AxeViolation = { id: string; impact: string; nodes: { target: string[] }[] };

describe.runIf(existsSync(CHROMIUM))('accessible e-mails', () => {
  it('every template, for every brand: axe-core finds nothing; French, titled, headed, with a text part, real text and links that say where', async () => {
    expect(brands.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(SAMPLES).sort()).toEqual([...MAIL_KINDS].sort());
    const page = await browser.newPage();
    // A mail client shows the message offline first: nothing is fetched (the logo keeps its alternative).
    await page.route('**/*', (route) => route.abort());
    const failures: string[] = [];
    let checked = 0;
    for (const { tenant, brand } of brands) {
      for (const [kind, render] of Object.entries(SAMPLES)) {
        for (const mail of render(brand)) {
          const where = `${kind} (${tenant})`;
          await page.setContent(mail.html);
          await page.addScriptTag({ path: axeSource });
          // Run in the page (strings: the server's type check has no DOM).
          const violations = (await page.evaluate(
            'axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) })))',
          )) as AxeViolation[];
          for (const v of violations) failures.push(`${where}: [${v.impact}] ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

          const shape = (await page.evaluate(`({
            lang: document.documentElement.lang,
            title: document.title,
            h1: document.querySelector('h1')?.textContent ?? null,
            images: [...document.images].map((i) => ({ alt: i.alt, src: i.getAttribute('src') })),
            links: [...document.links].map((a) => ({ text: (a.textContent ?? '').trim(), href: a.href })),
          })`)) as { lang: string; title: string; h1: string | null; images: { alt: string; src: string | null }[]; links: { text: string; href: string }[] };
          expect(shape.lang, where).toBe('fr');
          expect(shape.title, where).toBe(mail.subject);
          expect(shape.h1, where).toBe(mail.subject);
          // The one image is the logo, named by the brand; no text is drawn in an image.
          expect(shape.images, where).toEqual([{ alt: brand.name, src: brand.logoUrl }]);
          for (const link of shape.links) {
            expect(link.text.length, `${where}: ${link.href}`).toBeGreaterThan(8);
            expect(link.text, where).not.toMatch(/^(ici|cliquez ici|lien|https?:)/i);
            // The text part carries every link, for a reader that shows no HTML.
            expect(mail.text, where).toContain(link.href);
          }
          expect(mail.text.length, where).toBeGreaterThan(80);
          expect(mail.text, where).not.toContain('<');
          expect(`${mail.subject} ${mail.text}`, where).not.toMatch(/code de connexion/i);
          checked++;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(2 * MAIL_KINDS.length);
    await page.close();
  }, 120_000);
});
