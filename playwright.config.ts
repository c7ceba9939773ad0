import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3200);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4455);
// workers side by side, each on a lane of its own: a product server and a jobs server, each on its own embedded database,
// sharing the lane's data folder (uploads, session secret), so no test sees another worker's rows, totals or per-address limits
const LANES = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const mainPort = (lane: number) => PORT + 2 * lane;
// Playwright loads this file again in each worker, with that worker's TEST_PARALLEL_INDEX (never shared by two running workers)
const LANE = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % LANES;
/** this worker's second server of the product, whose job runner reconciles every 2 s and expires unpaid orders after 4 s */
export const JOBS_PORT = mainPort(LANE) + 1;
/** where a lane's jobs server keeps its output (its reconcile passes name the orders they settled) */
const jobsLog = (lane: number) => `data/e2e-${lane}/jobs-server.log`;
export const JOBS_LOG = jobsLog(LANE);
// the others start once the first is up, so two never build at once
const waitForFirst = `node -e "(async()=>{for(;;){try{if((await fetch('http://localhost:${PORT}/api/health')).ok)return}catch{}await new Promise(r=>setTimeout(r,1000))}})()"`;
// each server's output is also kept in its lane's folder: npm run check:log-secrets reads it after the run
const start = (folder: string, log: string) => `rm -rf ${folder} && mkdir -p ${path.dirname(log)} && node_modules/.bin/tsx --require ./server/thread-pool.cjs server/start.ts 2>&1 | tee ${log}`;
const lanes = Array.from({ length: LANES }, (_, lane) => lane);
// on PostgreSQL (DATABASE_URL set for the run) a server refuses to start without SESSION_SECRET: every lane's servers share this one
const SESSION: Record<string, string> = process.env.DATABASE_URL && !process.env.SESSION_SECRET ? { SESSION_SECRET: 'e2e-session-secret-shared-by-every-lane-0123456789' } : {};

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: LANES,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${mainPort(LANE)}`,
    // recording a trace for every test and dropping it on success cost about a tenth of the suite's CPU (bench/cpu.sh on
    // the same 32 tests: trace off 211 and 218 s, retain-on-failure 233 and 238 s); on CI a failed test's retry records it
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // '@phone' tests run on both; '@phone-only' ones (phone-only flows such as the UPI timer) only on the phone
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone-only/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: [
    ...lanes.map((lane) => ({
      // a fresh embedded database of its own, built if the sources changed
      command: `${lane ? `${waitForFirst} && ` : ''}${start(`data/e2e-${lane}/db`, `data/e2e-${lane}/server.log`)}`,
      // the VPA wait is shortened here, in the test's configuration, not in the product; Google sign-in goes
      // to the OpenID provider below, run by this configuration on loopback
      env: {
        PORT: String(mainPort(lane)),
        DATA_DIR: `./data/e2e-${lane}`,
        PGLITE_DIR: `./data/e2e-${lane}/db`,
        VPA_PENDING_TIMEOUT_MS: '6000',
        // every e2e visitor comes from one loopback address: per-address limits (carts, logins, codes) would stop the suite, not an attacker
        PER_ADDRESS_LIMIT_SCALE: '50',
        DEV_OUTBOX: '1',
        GOOGLE_CLIENT_ID: 'sahyog-google',
        GOOGLE_CLIENT_SECRET: 'google-test-secret',
        GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        ...SESSION,
      },
      url: `http://localhost:${mainPort(lane)}/api/health`,
      timeout: 360_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
    })),
    ...lanes.map((lane) => ({
      command: `${waitForFirst} && ${start(`data/e2e-${lane}/jobs-db`, jobsLog(lane))}`,
      env: { PORT: String(mainPort(lane) + 1), DATA_DIR: `./data/e2e-${lane}`, PGLITE_DIR: `./data/e2e-${lane}/jobs-db`, RECONCILE_INTERVAL_MS: '2000', RECONCILE_AFTER_MS: '0', ORDER_EXPIRY_MS: '4000', SIP_CHARGE_INTERVAL_MS: '3000', DEV_OUTBOX: '1', ...SESSION },
      url: `http://localhost:${mainPort(lane) + 1}/api/health`,
      timeout: 360_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
    })),
    {
      command: `node scripts/oidc-test-provider.mjs --port ${OIDC_PORT} --app-origin ${lanes.map((lane) => `http://localhost:${mainPort(lane)}`).join(',')}`,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
  ],
});
