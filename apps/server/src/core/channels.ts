/** How a mail and an SMS leave: the message shapes the notifier queues and the senders the mail and notifications modules provide. */
export type MailMessage<Kind extends string = string> = {
  tenantId: string | null;
  kind: Kind;
  to: string;
  /** "Brand <no-reply@…>". */
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Stable id (the queued job's) so that a mail sent twice after a crash can be recognised as one. */
  messageId?: string;
  /** Files sent with the mail (e.g. the third-party-payment card PDF), content in base64. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

export type MailerMode = 'smtp' | 'outbox' | 'disabled';

/** Sends a mail or throws; callers turn a failure into their own answer (MAIL_SEND_FAILED for codes). */
export type Mailer = { readonly mode: MailerMode; send(message: MailMessage): Promise<void>; close(): void };

export type SmsMessage = {
  tenantId: string | null;
  /** What the SMS is (e.g. CONTACT_CHANGE_CODE), for the outbox and the logs; never its text. */
  kind: string;
  /** A French mobile (06…/07…) or an E.164 number. */
  to: string;
  text: string;
  /** Idempotency reference passed to the provider (the job id when queued). */
  reference?: string;
};

export type SmsMode = 'http' | 'outbox' | 'disabled';
export type SmsSender = { readonly mode: SmsMode; send(message: SmsMessage): Promise<void> };
