import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { SmsMessage, SmsSender } from '../../core/channels';

export type { SmsMessage, SmsMode, SmsSender } from '../../core/channels';

/** "06 12 34 56 78" → "+33612345678"; E.164 numbers are kept; anything else is refused. */
export function toE164(number: string): string {
  const compact = number.replace(/[\s.\-()]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  if (/^0[67]\d{8}$/.test(compact)) return `+33${compact.slice(1)}`;
  if (/^0033[67]\d{8}$/.test(compact)) return `+${compact.slice(2)}`;
  throw new Error('not a mobile number');
}

/**
 * The HTTP adapter: SMS_URL=https://TOKEN@sms.example/v1/messages sends
 *   POST https://sms.example/v1/messages
 *   Authorization: Bearer TOKEN
 *   Content-Type: application/json
 *   {"from":"<SMS_SENDER>","to":"+33612345678","text":"…","reference":"<id>"}
 * and expects any 2xx answer; anything else (or 10 s without answer) is a failure, retried by the queue.
 */
export class HttpSmsSender implements SmsSender {
  readonly mode = 'http' as const;
  private readonly endpoint: string;
  private readonly token: string;
  constructor(
    smsUrl: string,
    private readonly sender: string,
  ) {
    const url = new URL(smsUrl);
    this.token = decodeURIComponent(url.username || url.password);
    url.username = '';
    url.password = '';
    this.endpoint = url.toString();
  }

  async send(m: SmsMessage): Promise<void> {
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ from: this.sender, to: toE164(m.to), text: m.text, ...(m.reference ? { reference: m.reference } : {}) }),
      signal: AbortSignal.timeout(10_000),
    });
    // Drain the body so the connection is released; its content may quote the number: not logged.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`);
  }
}

/** Development: the SMS is kept in dev_outbox (channel SMS), shown by /debug and `npm run outbox`. */
class OutboxSmsSender implements SmsSender {
  readonly mode = 'outbox' as const;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sender: string,
  ) {}
  async send(m: SmsMessage): Promise<void> {
    await this.db.insert(devOutbox).values({
      tenantId: m.tenantId,
      channel: 'SMS',
      kind: m.kind,
      toAddress: toE164(m.to),
      fromAddress: this.sender,
      subject: '',
      textBody: m.text,
      htmlBody: '',
      createdAt: this.clock.now(),
    });
  }
}

/** Production without SMS_URL: nothing is sent, and codes never sit in a table. */
class DisabledSmsSender implements SmsSender {
  readonly mode = 'disabled' as const;
  async send(): Promise<void> {
    throw new Error('No SMS_URL configured: SMS are disabled in production');
  }
}

export function createSmsSender(opts: { smsUrl: string | undefined; sender: string; debugTools: boolean; db: Db; clock: Clock }): SmsSender {
  if (opts.smsUrl) return new HttpSmsSender(opts.smsUrl, opts.sender);
  if (opts.debugTools) return new OutboxSmsSender(opts.db, opts.clock, opts.sender);
  return new DisabledSmsSender();
}
