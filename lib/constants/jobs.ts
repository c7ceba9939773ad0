// The job runner (pg-boss, in the database) and the schedule: how often each recurring job runs.
import { MINUTE_MS } from './time';

/** the job runner's tables live in their own schema (pg-boss) */
export const JOBS_SCHEMA = 'pgboss';
/**
 * a claimed job whose worker has not finished it this long is taken to be abandoned and offered again; a periodic job's
 * run is renewed for at most this long (a run stuck longer is given up, as pg-boss gives up a one-off job)
 */
export const JOB_CLAIM_EXPIRY_S = 10 * 60;
/**
 * a periodic job's claim: its worker renews it every JOB_HEARTBEAT_S while the run lasts, so a worker that dies (kill -9,
 * a lost machine) holds the queue this long at most, where a 10-minute claim stalled reconciliation for 10 minutes
 */
export const JOB_PERIODIC_CLAIM_S = 20;
/** a quarter of the claim: three renewals may fail (a busy database) before a live run loses it */
export const JOB_HEARTBEAT_S = 5;
/** how often a worker looks for jobs, and how often the runner expires abandoned claims (one instance does it each time) */
export const JOB_POLL_INTERVAL_S = 2;
export const JOB_MAINTENANCE_INTERVAL_S = 10;
/** a failing job is tried again this many times, waiting this long and doubling each time */
export const JOB_RETRY_LIMIT = 5;
export const JOB_RETRY_DELAY_S = 30;
/** a periodic run abandoned or failed is tried again sooner: within a minute of its worker dying, the queue runs again */
export const JOB_PERIODIC_RETRY_DELAY_S = 5;
/** on stop, a worker waits this long for the runs in hand; one still running is left to its claim's expiry */
export const JOB_STOP_WAIT_MS = 10_000;

// The schedule
/** how often a server reconciles pending orders with their gateways */
export const RECONCILE_INTERVAL_MS = 2 * 60 * 1000;
/** how often the SIP charge run is offered: charges land within this long of their date; under a day, so every notice window is seen */
export const SIP_CHARGE_INTERVAL_MS = 60 * MINUTE_MS;
/** how often the job runner looks for paused SIPs whose pause has ended */
export const SIP_RESUME_INTERVAL_MS = 60 * MINUTE_MS;
/** how often a server with SMTP_URL drains the outbox */
export const OUTBOX_SEND_INTERVAL_MS = 30_000;
/** how often the currency_rates table is refreshed from CURRENCY_RATES_URL */
export const CURRENCY_RATES_REFRESH_MS = 6 * 60 * 60 * 1000;
/** how often database upkeep looks for tables to vacuum and analyze (lib/constants/database.ts) */
export const DB_UPKEEP_INTERVAL_MS = 5 * MINUTE_MS;
/** the longest period the job queue (pg-boss) takes: a periodic job's slot may not outlast its archive interval */
export const JOB_PERIOD_MAX_MS = 12 * 60 * 60 * 1000;
/** how often visitors' web-vitals samples past the transparency page's window are removed (under JOB_PERIOD_MAX_MS) */
export const VITAL_SAMPLES_PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;
