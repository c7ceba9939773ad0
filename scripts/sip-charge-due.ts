// npm run sip:charge-due [-- --limit N]: one pass of the sip.charge_due job by hand (pre-debit notices, then the SIP
// months due). Safe beside the job and beside another pass: each month's try is placed once (lib/sip/charge.ts).
import { closeDb, getDb } from '../lib/db/client';
import { runSipChargeDue } from '../lib/sip/charge-due';
import { mainSiteOrigin } from '../lib/whitelabel/site';
import { siteConfig } from '../lib/whitelabel/resolve';
// what settled orders and moved mandates mean for SIPs and insurance, before anything settles
import '../lib/reactions';

async function main() {
  const args = process.argv.slice(2);
  const i = args.indexOf('--limit');
  const limit = i >= 0 ? Number(args[i + 1]) : undefined;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new Error('--limit needs a positive whole number');
  const db = await getDb();
  const started = performance.now();
  const run = await runSipChargeDue(db, { origin: mainSiteOrigin(siteConfig()), limit });
  await closeDb();
  const seconds = (performance.now() - started) / 1000;
  console.log(`SIP charge run: ${run.notices} pre-debit notices; ${run.placed} charges placed (${run.succeeded} paid, ${run.failed} failed, ${run.pending} pending), ${run.alreadyPlaced} already placed by another run, ${run.skipped} months skipped, ${run.awaitingMandate} waiting for a new mandate, ${run.refundedDuplicates} second payments refunded, ${run.errors} errors, in ${seconds.toFixed(1)} s`);
  // one line a bench (bench/sip.mjs) can read
  console.log(`SIP_RUN ${JSON.stringify({ ...run, seconds })}`);
  process.exit(run.errors ? 1 : 0);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
