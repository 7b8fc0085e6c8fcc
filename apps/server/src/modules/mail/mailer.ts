import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { MailMessage as CoreMailMessage, Mailer } from '../../core/channels';
import type { MailKind } from './templates';

/** The message types live in core/channels.ts, beside the notifier that queues them. */
export type MailMessage = CoreMailMessage<MailKind>;
export type { MailAttachment, Mailer, MailerMode } from '../../core/channels';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** smtp://user:pass@host:port or smtps://…; STARTTLS is skipped on loopback (local test receivers). */
export function smtpTransportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ignoreTLS: LOOPBACK.has(url.hostname),
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

class SmtpMailer implements Mailer {
  readonly mode = 'smtp' as const;
  private readonly transport;
  constructor(smtpUrl: string) {
    this.transport = nodemailer.createTransport(smtpTransportOptions(smtpUrl));
  }
  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: m.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      ...(m.messageId ? { messageId: m.messageId } : {}),
      ...(m.attachments?.length
        ? { attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })) }
        : {}),
    });
  }
  close(): void {
    this.transport.close();
  }
}

/** Development: the mail is kept in dev_outbox, readable at GET /api/debug/outbox and with `npm run outbox`. */
class OutboxMailer implements Mailer {
  readonly mode = 'outbox' as const;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}
  async send(m: MailMessage): Promise<void> {
    await this.db.insert(devOutbox).values({
      tenantId: m.tenantId,
      kind: m.kind,
      toAddress: m.to,
      fromAddress: m.from,
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html,
      attachments: m.attachments?.length ? m.attachments : null,
      createdAt: this.clock.now(),
    });
  }
  close(): void {}
}

/** Production without SMTP_URL: nothing can be sent, and codes must never sit in a table. */
class DisabledMailer implements Mailer {
  readonly mode = 'disabled' as const;
  async send(): Promise<void> {
    throw new Error('No SMTP_URL configured: mail is disabled in production');
  }
  close(): void {}
}

export function createMailer(opts: { smtpUrl: string | undefined; debugTools: boolean; db: Db; clock: Clock }): Mailer {
  if (opts.smtpUrl) return new SmtpMailer(opts.smtpUrl);
  if (opts.debugTools) return new OutboxMailer(opts.db, opts.clock);
  return new DisabledMailer();
}
