/**
 * Developer command: `npm run outbox -- [--to <address or number>] [--kind MFA_CODE] [--channel EMAIL|SMS]
 * [--limit 5] [--json]` prints the latest mails and SMS of the development outbox (kept instead of sent
 * when SMTP_URL / SMS_URL are unset), newest first, so a code or a link can be read without a mail
 * server or a phone. It asks the running server
 * (GET /api/debug/outbox on loopback); when none answers it reads the database itself. Never in
 * production.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { openReadyDatabase } from '../../db/open';
import { ZOutboxQuery, listOutbox, type OutboxMail } from './outbox';

// The module list (for the kinds in the help) is loaded only to print the help: the command starts in
// a blink without the whole server behind it.
async function usage(): Promise<string> {
  const { MODULES } = await import('..');
  const kinds = MODULES.flatMap((m) => [...(m.mailKinds ?? []), ...(m.smsKinds ?? [])]).join('|');
  return `usage: npm run outbox -- [--to <address or +33… number>] [--kind <${kinds}>] [--channel <EMAIL|SMS>] [--limit <n>] [--json]`;
}

function print(mails: OutboxMail[], json: boolean) {
  if (json) {
    console.log(JSON.stringify(mails, null, 2));
    return;
  }
  if (mails.length === 0) {
    console.log('The outbox is empty.');
    return;
  }
  for (const mail of mails) {
    console.log(`── ${mail.createdAt}  ${mail.channel}  ${mail.kind}`);
    if (mail.channel === 'SMS') console.log(`From: ${mail.from}\nTo: ${mail.to}\n`);
    else console.log(`From: ${mail.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n`);
    console.log(mail.text);
    console.log('');
  }
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      to: { type: 'string' },
      kind: { type: 'string' },
      channel: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(await usage());
    return;
  }
  const query = ZOutboxQuery.parse({ to: values.to, kind: values.kind, channel: values.channel?.toUpperCase(), limit: values.limit ?? 5 });
  const config = loadConfig();
  if (!config.debugTools) throw new Error('The development outbox is off in production.');
  if (config.SMTP_URL) console.error(`Note: SMTP_URL is set, so new mails go to ${new URL(config.SMTP_URL).host}, not to the outbox.`);

  const params = new URLSearchParams({
    limit: String(query.limit),
    ...(query.to ? { to: query.to } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.channel ? { channel: query.channel } : {}),
  });
  let response: Response | null = null;
  try {
    response = await fetch(`http://127.0.0.1:${config.PORT}/api/debug/outbox?${params}`);
  } catch {
    // No server listening: read the database directly.
  }
  if (response?.ok) {
    print(((await response.json()) as { data: OutboxMail[] }).data, values.json);
    return;
  }
  const { demoDataSteps } = await import('..');
  const database = await openReadyDatabase(config, demoDataSteps());
  try {
    print(await listOutbox(database.db, query), values.json);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
