// npm run db:seed [-- --fundraisers N]: the demo, then plain fundraisers up to N for scale tests.
import { closeDb, getDb } from '../lib/db/client';
import { seedBulk, seedDemo } from '../demo/seed';
import { settleBulkLoad } from '../lib/db/upkeep';

async function main() {
  const args = process.argv.slice(2);
  const i = args.indexOf('--fundraisers');
  const target = i >= 0 ? Number(args[i + 1]) : 0;
  if (i >= 0 && (!Number.isInteger(target) || target < 1)) throw new Error('--fundraisers needs a positive whole number');
  const db = await getDb();
  const demo = await seedDemo(db);
  console.log(demo.created ? `Seeded the demo: ${demo.fundraisers} fundraisers.` : `Demo already present (${demo.fundraisers} fundraisers).`);
  if (target) {
    const started = Date.now();
    const total = await seedBulk(db, target, (m) => console.log(m));
    // statistics and a merged search index, as a live database's autovacuum would have them
    await settleBulkLoad(db);
    console.log(`Database holds ${total} fundraisers (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  }
  await closeDb();
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
