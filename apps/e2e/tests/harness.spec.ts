import nodemailer from 'nodemailer';
import { expect, expectNoA11yViolations, extractCode, test } from '../fixtures';
import { e2eState } from '../support/state';

// The harness itself: the shared server, the SMTP receiver and the operator command work, so a
// failing feature spec points at the feature, not at the plumbing.
test.describe('end-to-end harness', () => {
  test('the shared server is UP and answers each tenant its own brand', async ({ tenantApi }) => {
    const heartbeat = await tenantApi('mutua', '/api/heartbeat');
    expect(heartbeat.json()).toMatchObject({ data: { status: 'UP' } });
    const mutua = await tenantApi('mutua', '/api/init');
    const azur = await tenantApi('azur', '/api/init');
    expect(mutua.json()).toMatchObject({ data: { data: { brand: { name: 'Mutua Santé' } } } });
    expect(azur.json()).toMatchObject({ data: { data: { brand: { name: 'Azur Prévoyance' } } } });
    expect((await tenantApi('unknown', '/api/init')).status).toBe(404);
  });

  test('the mail reader sees what reaches the SMTP receiver, and only since the test started', async ({ mail }) => {
    const transport = nodemailer.createTransport({ url: e2eState().smtpUrl, ignoreTLS: true } as never);
    const to = `harness-${Date.now()}@example.fr`;
    await transport.sendMail({
      from: 'Mutua <no-reply@mutua.localhost>',
      to,
      subject: 'Votre code de connexion — Mutua Santé',
      text: 'Bonjour,\nvotre code est 482913. Il expire dans 10 minutes.',
      html: '<p>Bonjour,</p><p>votre code est <strong>482913</strong>.</p>',
    });
    const received = await mail.waitFor({ to, subject: /code de connexion/ });
    expect(received.subject).toBe('Votre code de connexion — Mutua Santé');
    expect(received.envelope.to).toEqual([to]);
    expect(extractCode(received)).toBe('482913');
    expect(await mail.waitForCode({ to: to.toUpperCase() })).toBe('482913');
    transport.close();
  });

  test('the accessibility scan reports what axe finds: a WCAG rule, a contrast, a best practice, in a frame too', async ({ page }) => {
    const image = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
    await page.setContent(`<html lang="fr"><head><title>Essai</title></head><body>
      <main><h1>Essai</h1>${image}<p style="color:#bbb;background:#fff">Texte pâle</p></main>
      <p>Hors des repères</p>
    </body></html>`);
    const scan = expectNoA11yViolations(page, { label: 'harness page' });
    await expect(scan).rejects.toThrow(/\] image-alt × 1/);
    await expect(scan).rejects.toThrow(/\] color-contrast × 1/);
    await expect(scan).rejects.toThrow(/\] region × 1/);
    // A frame's elements are scanned too.
    await page.evaluate((html) => {
      const frame = document.createElement('iframe');
      frame.title = 'Cadre';
      frame.srcdoc = html;
      document.querySelector('main')!.append(frame);
    }, `<html lang="fr"><body><main><h1>Cadre</h1>${image}</main></body></html>`);
    await expect.poll(() => page.frames().length).toBe(2);
    await page.frames()[1]!.waitForLoadState();
    await expect(expectNoA11yViolations(page, { label: 'harness page with a frame' })).rejects.toThrow(/\] image-alt × 2/);
  });

  test('the operator command reaches the running server', async ({ operator }) => {
    const tenants = await operator.list();
    expect(tenants.map((t) => t.id).sort()).toEqual(['azur', 'mutua']);
  });
});
