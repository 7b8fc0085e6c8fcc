import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { JobPolicy, JobQueue } from '../jobs/job-queue';
import { metrics } from '../lib/metrics';
import type { MailMessage, Mailer, SmsMessage, SmsSender } from './channels';

export type Outgoing = { channel: 'EMAIL'; mail: MailMessage } | { channel: 'SMS'; sms: SmsMessage };

const DELIVER_QUEUE = 'deliver';
/** ~10 s, 20 s, 40 s … : eight retries cover about 40 minutes of provider outage. */
const DELIVER_POLICY: JobPolicy = { retryLimit: 8, retryDelaySeconds: 10, expireInSeconds: 60, pollingIntervalSeconds: 1 };

/**
 * Sends mail (SMTP or dev outbox) and SMS (HTTP provider or dev outbox).
 *
 * - enqueue(): durable — a job in PostgreSQL, retried with backoff, sent once the enclosing
 *   transaction (if any) commits. Links, notices, anything that must arrive even if this process dies.
 * - mailNow() / smsNow(): inline, for one-time codes only. A code is time-critical (valid minutes, the
 *   member waits on the screen), useless once retried past its expiry, and must never sit in a table
 *   even sealed; so it is sent during the request and a failure is answered at once (MAIL_SEND_FAILED
 *   with the sessionId, resend allowed), the code being dropped. The audit row records each sending.
 */
/** Every hand-over to a provider counted as sent or failed (a failed queued message is tried again, and counted again). */
async function counted(channel: 'email' | 'sms', sending: Promise<void>): Promise<void> {
  try {
    await sending;
    metrics.messages.inc({ channel, outcome: 'sent' });
  } catch (error) {
    metrics.messages.inc({ channel, outcome: 'failed' });
    throw error;
  }
}

export class Notifier {
  constructor(
    readonly mailer: Mailer,
    readonly sms: SmsSender,
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {
    jobs.define(DELIVER_QUEUE, DELIVER_POLICY, async (data, job) => {
      const outgoing = data as Outgoing;
      if (outgoing.channel === 'EMAIL') await counted('email', this.mailer.send({ ...outgoing.mail, messageId: `<${job.id}@mutua.job>` }));
      else await counted('sms', this.sms.send({ ...outgoing.sms, reference: job.id }));
    });
  }

  mailNow(mail: MailMessage): Promise<void> {
    return counted('email', this.mailer.send(mail));
  }

  smsNow(sms: SmsMessage): Promise<void> {
    return counted('sms', this.sms.send(sms));
  }

  /** Queues the message (in `tx` when given: it leaves only if the transaction commits; then call wake()). */
  async enqueue(outgoing: Outgoing, opts: { tx?: Pick<Db, 'execute'> } = {}): Promise<void> {
    const disabled = outgoing.channel === 'EMAIL' ? this.mailer.mode === 'disabled' : this.sms.mode === 'disabled';
    if (disabled) {
      // Never store what can never leave (links, personal data): say so once per message kind.
      this.log.warn(
        { channel: outgoing.channel, kind: outgoing.channel === 'EMAIL' ? outgoing.mail.kind : outgoing.sms.kind },
        'message not sent: channel disabled',
      );
      return;
    }
    await this.jobs.send(DELIVER_QUEUE, outgoing, opts);
  }

  /** After committing a transaction that enqueued messages: deliver now rather than at the next poll. */
  wake(): void {
    this.jobs.wake(DELIVER_QUEUE);
  }

  close(): void {
    this.mailer.close();
  }
}
