// npm run outbox:send: one pass over the queued email through SMTP_URL (a server with SMTP_URL also drains by itself).
// On the embedded database, run it only while the server is stopped: the data folder admits one process.
import { closeDb, getDb } from '../lib/db/client';
import { sendQueuedMessages, smtpTransport } from '../lib/outbox/sender';
import { env } from '../lib/env';

async function main() {
  const { SMTP_URL } = env();
  if (!SMTP_URL) {
    console.error('SMTP_URL is not set: queued email stays in the outbox (readable at /dev/outbox outside production).');
    process.exit(1);
  }
  const pass = await sendQueuedMessages(await getDb(), smtpTransport(SMTP_URL));
  await closeDb();
  console.log(`outbox: ${pass.sent} sent, ${pass.retrying} to retry, ${pass.failed} given up`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
