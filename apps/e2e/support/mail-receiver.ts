import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP receiver got it; what the mail reader fixture hands to tests. */
export type ReceivedMail = {
  /** Increasing from 1 in the order of arrival. */
  id: number;
  receivedAt: string;
  /** SMTP user the sending server authenticated as ('' without credentials): which instance sent it. */
  source: string;
  /** SMTP envelope: who the server really sent it to (lower case). */
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** Attached files, content in base64. */
  attachments: { filename: string; contentType: string; size: number; contentBase64: string }[];
};

export type MailReceiver = {
  smtpUrl: string;
  apiUrl: string;
  /** Every one-time code mailed and every recipient of the run, even after a DELETE: what the log scan looks for. */
  secrets(): { codes: string[]; emails: string[] };
  stop(): Promise<void>;
};

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())).filter(Boolean);
}

/**
 * A real SMTP server on loopback (no TLS, any or no credentials) that keeps every message in memory,
 * plus a small HTTP API the test workers read them from:
 *   GET    /messages[?to=addr][&after=id][&source=user]  → { messages: ReceivedMail[], lastId } oldest first
 *   DELETE /messages                       → forget everything
 */
export async function startMailReceiver(opts: { smtpPort: number; apiPort: number }): Promise<MailReceiver> {
  const messages: ReceivedMail[] = [];
  let nextId = 1;
  const codes = new Set<string>();
  const recipients = new Set<string>();

  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 25 * 1024 * 1024,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
          // A code mail shows its code alone on a line.
          for (const match of (parsed.text ?? '').matchAll(/^\s*(\d{6})\s*$/gm)) codes.add(match[1]!);
          for (const r of session.envelope.rcptTo) recipients.add(r.address.toLowerCase());
          messages.push({
            id: nextId++,
            receivedAt: new Date().toISOString(),
            source: typeof session.user === 'string' ? session.user : '',
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '',
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            },
            from: parsed.from?.text ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers,
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              size: a.size,
              contentBase64: a.content.toString('base64'),
            })),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.smtpPort, '127.0.0.1', () => resolve());
  });
  smtp.on('error', (error) => console.error('[mail receiver]', error.message));

  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mail');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/messages') return send(404, { error: 'not found' });
    if (req.method === 'DELETE') {
      messages.length = 0;
      return send(200, { ok: true });
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const after = Number(url.searchParams.get('after') ?? 0);
    const source = url.searchParams.get('source');
    const selected = messages.filter(
      (m) => m.id > after && (source === null || m.source === source) && (!to || m.envelope.to.includes(to) || m.to.includes(to)),
    );
    return send(200, { messages: selected, lastId: nextId - 1 });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      api.once('error', reject);
      api.listen(opts.apiPort, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }

  const smtpPort = (smtp.server.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    apiUrl: `http://127.0.0.1:${opts.apiPort}`,
    secrets: () => ({ codes: [...codes], emails: [...recipients] }),
    stop: async () => {
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
