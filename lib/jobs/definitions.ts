// The product's jobs, in one list: what each does and how often. A host (the server, `npm run jobs`) starts the
// runner with these; SIP charges and pre-debit notices join this list (issue 14).
import type { Db } from '../db/client';
import { CURRENCY_RATES_REFRESH_MS, OUTBOX_SEND_INTERVAL_MS } from '../constants';
import type { Env } from '../env';
import { refreshCurrencyRates } from '../currency-rates';
import { configuredTransports, sendQueuedMessages } from '../outbox/sender';
import { reconcileSettings } from '../payments/reconcile-settings';
import type { JobDefinition } from './runner';

export const JOB = {
  reconcilePayments: 'payments.reconcile',
  sendOutbox: 'outbox.send',
  refreshCurrencyRates: 'currency-rates.refresh',
} as const;

export interface JobHost {
  db: () => Promise<Db>;
  env: Env;
  /** reconciliation as this host runs it: the server through its own route (inside Next, so cached pages
   *  expire as after a webhook), a separate worker directly */
  reconcile: () => Promise<void>;
  log?: (line: string) => void;
}

export function productJobs(host: JobHost): JobDefinition[] {
  const log = host.log ?? ((line: string) => console.log(line));
  const jobs: JobDefinition[] = [{ name: JOB.reconcilePayments, everyMs: reconcileSettings().intervalMs, run: host.reconcile }];
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
