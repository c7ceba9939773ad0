// npm run outbox:send: one pass over the queued email (SMTP_URL) and SMS (SMS_API_URL); a server so configured also drains by itself.
// On the embedded database, run it only while the server is stopped: the data folder admits one process.
import { closeDb, getDb } from '../lib/db/client';
import { configuredTransports, sendQueuedMessages } from '../lib/outbox/sender';
import { env } from '../lib/env';

async function main() {
  const transports = configuredTransports(env());
  if (!transports) {
    console.error('Neither SMTP_URL nor SMS_API_URL with SMS_API_KEY is set: messages stay in the outbox (readable at /dev/outbox outside production).');
    process.exit(1);
  }
  const pass = await sendQueuedMessages(await getDb(), transports);
  await closeDb();
  console.log(`outbox: ${pass.sent} sent, ${pass.retrying} to retry, ${pass.failed} given up`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
