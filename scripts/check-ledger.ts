// npm run check:ledger: fails (exit 1) when a raised total differs from its ledger or a payment settled twice.
import { closeDb, getDb } from '../lib/db/client';
import { checkLedger } from '../lib/payments/ledger-check';

async function main() {
  const db = await getDb();
  const result = await checkLedger(db);
  await closeDb();
  console.log(`fundraisers whose raised total differs from the ledger: ${result.mismatchedFundraisers.length}`);
  console.log(`gateway payments settled more than once: ${result.paymentsSettledTwice.length}`);
  for (const m of result.mismatchedFundraisers.slice(0, 20)) console.log(`  fundraiser ${m.id}: raised ${m.raised}, ledger ${m.ledger}`);
  process.exit(result.mismatchedFundraisers.length || result.paymentsSettledTwice.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
