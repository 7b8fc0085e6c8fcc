import type { ReceivedMail } from './mail-receiver';

export type { ReceivedMail };

export type MailQuery = {
  /** Recipient address (envelope or To header), case-insensitive. */
  to?: string;
  subject?: string | RegExp;
  /** Only mails that arrived after this id (see mark()). */
  after?: number;
  /** Only mails sent by this server instance (its SMTP user); a scoped reader sets it for you. */
  source?: string;
};

/**
 * Reads what the SMTP receiver got. In a test, the `mail` fixture only sees mails that arrived after
 * the test started, so earlier tests (or other workers) cannot hand it a stale code.
 */
export class MailReader {
  constructor(
    private readonly apiUrl: string,
    private readonly since = 0,
    /** When set, this reader only sees the mails of that server instance. */
    private readonly source?: string,
  ) {}

  /** Id of the last mail received so far; pass it as `after` to wait for a newer one. */
  async mark(): Promise<number> {
    return (await this.fetch({})).lastId;
  }

  /** Mails matching the query that arrived since this reader's start, oldest first. */
  async list(query: MailQuery = {}): Promise<ReceivedMail[]> {
    const { messages } = await this.fetch(query);
    return messages.filter((m) => matchesSubject(m, query.subject));
  }

  /** The first matching mail; polls until one arrives or `timeoutMs` passes. */
  async waitFor(query: MailQuery = {}, timeoutMs = 15_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [first] = await this.list(query);
      if (first) return first;
      if (Date.now() > deadline) {
        const seen = (await this.list({ after: query.after })).map((m) => `${m.envelope.to.join(',')} «${m.subject}»`);
        throw new Error(`No mail matching ${describe(query)} within ${timeoutMs} ms; received meanwhile: ${seen.join('; ') || 'nothing'}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Waits for the next matching mail and returns the one-time code in it (the first 6-digit number). */
  async waitForCode(query: MailQuery = {}, timeoutMs = 15_000): Promise<string> {
    const mail = await this.waitFor(query, timeoutMs);
    const code = extractCode(mail);
    if (!code) throw new Error(`No 6-digit code in the mail «${mail.subject}» to ${mail.envelope.to.join(',')}:\n${mail.text}`);
    return code;
  }

  /** The newest matching mail, or undefined. */
  async latest(query: MailQuery = {}): Promise<ReceivedMail | undefined> {
    return (await this.list(query)).at(-1);
  }

  private async fetch(query: MailQuery): Promise<{ messages: ReceivedMail[]; lastId: number }> {
    const params = new URLSearchParams({ after: String(Math.max(query.after ?? 0, this.since)) });
    if (query.to) params.set('to', query.to);
    const source = query.source ?? this.source;
    if (source !== undefined) params.set('source', source);
    const res = await fetch(`${this.apiUrl}/messages?${params}`);
    if (!res.ok) throw new Error(`mail receiver answered ${res.status}`);
    return (await res.json()) as { messages: ReceivedMail[]; lastId: number };
  }
}

/** The first standalone 6-digit number of the text part (or of the HTML without its tags). */
export function extractCode(mail: Pick<ReceivedMail, 'text' | 'html'>): string | undefined {
  const text = mail.text || mail.html.replace(/<[^>]+>/g, ' ');
  return /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1];
}

function matchesSubject(mail: ReceivedMail, subject: MailQuery['subject']): boolean {
  if (subject === undefined) return true;
  return typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject);
}

function describe(query: MailQuery): string {
  return JSON.stringify({ ...query, subject: query.subject?.toString() });
}
