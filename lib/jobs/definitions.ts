// The product's jobs, in one list: what each does and how often. A host (the server, `npm run jobs`) starts the
// runner with these.
import { databaseKind, type Db } from '../db/client';
import { upkeepDatabase } from '../db/upkeep';
import { CURRENCY_RATES_REFRESH_MS, DB_UPKEEP_INTERVAL_MS, OUTBOX_SEND_INTERVAL_MS, SIP_CHARGE_INTERVAL_MS, SIP_RESUME_INTERVAL_MS, VITAL_SAMPLES_PRUNE_INTERVAL_MS } from '../constants/jobs';
import { resumeDueSips } from '../sip/resume';
import { pruneVitalSamples } from '../transparency/vitals';
import type { Env } from '../env';
import { refreshCurrencyRates } from '../currency-rates';
import { configuredTransports, sendQueuedMessages } from '../outbox/sender';
import { reconcileSettings } from '../payments/reconcile-settings';
import { mainSiteOrigin } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';
import type { JobDefinition } from './runner';
import { log as logger } from '../observability/log';

export const JOB = {
  reconcilePayments: 'payments.reconcile',
  sendOutbox: 'outbox.send',
  refreshCurrencyRates: 'currency-rates.refresh',
  resumePausedSips: 'sip.resume-paused',
  sipChargeDue: 'sip.charge_due',
  upkeepDatabase: 'db.upkeep',
  pruneVitalSamples: 'vitals.prune',
} as const;

export interface JobHost {
  db: () => Promise<Db>;
  env: Env;
  /** reconciliation as this host runs it (the server hands what it expires to Next's tags, server/background.ts) */
  reconcile: () => Promise<void>;
  /** the SIP charge run as this host runs it; the default calls lib/sip directly */
  chargeSips?: () => Promise<void>;
  log?: (line: string) => void;
}

export function productJobs(host: JobHost): JobDefinition[] {
  const log = host.log ?? ((line: string) => logger.info(line));
  const jobs: JobDefinition[] = [{ name: JOB.reconcilePayments, everyMs: reconcileSettings().intervalMs, run: host.reconcile }];
  // a donor's 1-3 month pause ends by itself
  jobs.push({
    name: JOB.resumePausedSips,
    everyMs: SIP_RESUME_INTERVAL_MS,
    run: async () => {
      const resumed = await resumeDueSips(await host.db());
      if (resumed) log(`SIP: ${resumed} paused SIPs resumed`);
    },
  });
  // pre-debit notices of the debits 24-48 hours away, then the SIP months due (lib/sip/charge-due.ts)
  jobs.push({
    name: JOB.sipChargeDue,
    everyMs: host.env.SIP_CHARGE_INTERVAL_MS ?? SIP_CHARGE_INTERVAL_MS,
    run:
      host.chargeSips ??
      (async () => {
        const { runSipChargeDue } = await import('../sip/charge-due');
        const r = await runSipChargeDue(await host.db(), { origin: mainSiteOrigin(siteConfig()) });
        if (r.notices || r.placed || r.skipped || r.awaitingMandate || r.lapsed || r.errors) log(`SIP charge run: ${JSON.stringify(r)}`);
      }),
  });
  // statistics and the search index's pending list where autovacuum does not run (the embedded database)
  jobs.push({
    name: JOB.upkeepDatabase,
    everyMs: DB_UPKEEP_INTERVAL_MS,
    run: async () => {
      const r = await upkeepDatabase(await host.db(), await databaseKind());
      if (r.vacuumed.length || r.analyzed.length) log(`Database upkeep: ${r.vacuumed.length} tables vacuumed, ${r.analyzed.length} analyzed`);
    },
  });
  // visitors' speed samples older than the transparency page reads
  jobs.push({
    name: JOB.pruneVitalSamples,
    everyMs: VITAL_SAMPLES_PRUNE_INTERVAL_MS,
    run: async () => {
      const n = await pruneVitalSamples(await host.db());
      if (n) log(`Web-vitals samples: ${n} older ones removed`);
    },
  });
  const transports = configuredTransports(host.env);
  if (transports) {
    jobs.push({
      name: JOB.sendOutbox,
      everyMs: OUTBOX_SEND_INTERVAL_MS,
      run: async () => {
        const pass = await sendQueuedMessages(await host.db(), transports);
        if (pass.sent || pass.failed) log(`Outbox: ${pass.sent} sent, ${pass.retrying} to retry, ${pass.failed} failed`);
      },
    });
  }
  const ratesUrl = host.env.CURRENCY_RATES_URL;
  if (ratesUrl) {
    jobs.push({ name: JOB.refreshCurrencyRates, everyMs: CURRENCY_RATES_REFRESH_MS, run: async () => log(`Currency rates: ${await refreshCurrencyRates(await host.db(), ratesUrl)} refreshed`) });
  }
  return jobs;
}
