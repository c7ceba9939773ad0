// npm run check:ledger: fails (exit 1) when a raised total differs from its ledger, a payment settled twice, or
// withdrawals take out more than was raised (or more foreign contributions than came in) or differ from their ledger lines.
import { closeDb, getDb } from '../lib/db/client';
import { checkLedger } from '../lib/payments/ledger-check';

async function main() {
  const db = await getDb();
  const result = await checkLedger(db);
  await closeDb();
  console.log(`fundraisers whose raised total differs from the ledger: ${result.mismatchedFundraisers.length}`);
  console.log(`gateway payments settled more than once: ${result.paymentsSettledTwice.length}`);
  console.log(`fundraisers whose withdrawals exceed what was raised: ${result.withdrawalsOverRaised.length}`);
  console.log(`fundraisers whose approved withdrawals differ from the ledger: ${result.withdrawalsOffLedger.length}`);
  console.log(`fundraisers paid out more foreign contributions (FCRA) than they received: ${result.foreignContributionsOverdrawn.length}`);
  for (const m of result.mismatchedFundraisers.slice(0, 20)) console.log(`  fundraiser ${m.id}: raised ${m.raised}, ledger ${m.ledger}`);
  for (const m of result.withdrawalsOverRaised.slice(0, 20)) console.log(`  fundraiser ${m.id}: raised ${m.raised}, withdrawn ${m.withdrawn}`);
  for (const m of result.withdrawalsOffLedger.slice(0, 20)) console.log(`  fundraiser ${m.id}: withdrawals ${m.withdrawals}, ledger ${m.ledger}`);
  for (const m of result.foreignContributionsOverdrawn.slice(0, 20)) console.log(`  fundraiser ${m.id}: foreign contributions balance ${m.balance}`);
  const problems = result.mismatchedFundraisers.length + result.paymentsSettledTwice.length + result.withdrawalsOverRaised.length + result.withdrawalsOffLedger.length + result.foreignContributionsOverdrawn.length;
  process.exit(problems ? 1 : 0);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
