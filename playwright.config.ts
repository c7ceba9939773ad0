import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3200);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4455);
/** a second server of the product whose job runner reconciles every 2 s and expires unpaid orders after 4 s */
export const JOBS_PORT = PORT + 1;
// it starts once the first is up, so the two never build at once
const waitForFirst = `node -e "(async()=>{for(;;){try{if((await fetch('http://localhost:${PORT}/api/health')).ok)return}catch{}await new Promise(r=>setTimeout(r,1000))}})()"`;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    // '@phone' tests run on both; '@phone-only' ones (phone-only flows such as the UPI timer) only on the phone
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone-only/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: [
    {
      // a fresh embedded database of its own, built if the sources changed
      command: `rm -rf data/e2e && node_modules/.bin/tsx --require ./server/thread-pool.cjs server/start.ts`,
      // the VPA wait is shortened here, in the test's configuration, not in the product; Google sign-in goes
      // to the OpenID provider below, run by this configuration on loopback
      env: {
        PORT: String(PORT),
        PGLITE_DIR: './data/e2e',
        VPA_PENDING_TIMEOUT_MS: '6000',
        // every e2e visitor comes from one loopback address: per-address limits (carts, logins, codes) would stop the suite, not an attacker
        PER_ADDRESS_LIMIT_SCALE: '50',
        DEV_OUTBOX: '1',
        GOOGLE_CLIENT_ID: 'sahyog-google',
        GOOGLE_CLIENT_SECRET: 'google-test-secret',
        GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
      },
      url: `http://localhost:${PORT}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: `${waitForFirst} && rm -rf data/e2e-jobs && node_modules/.bin/tsx --require ./server/thread-pool.cjs server/start.ts`,
      env: { PORT: String(JOBS_PORT), PGLITE_DIR: './data/e2e-jobs', RECONCILE_INTERVAL_MS: '2000', RECONCILE_AFTER_MS: '0', ORDER_EXPIRY_MS: '4000', SIP_CHARGE_INTERVAL_MS: '3000', DEV_OUTBOX: '1' },
      url: `http://localhost:${JOBS_PORT}/api/health`,
      timeout: 360_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: `node scripts/oidc-test-provider.mjs --port ${OIDC_PORT} --app-origin http://localhost:${PORT}`,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
  ],
});
