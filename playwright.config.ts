import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3200);

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
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    // a fresh embedded database of its own, built if the sources changed
    command: `rm -rf data/e2e && node_modules/.bin/tsx scripts/start.ts`,
    // the VPA wait is shortened here, in the test's configuration, not in the product
    // DEV_OUTBOX: `next start` runs as production, and the tests read one-time codes at /dev/outbox
    env: { PORT: String(PORT), PGLITE_DIR: './data/e2e', VPA_PENDING_TIMEOUT_MS: '6000', DEV_OUTBOX: '1' },
    url: `http://localhost:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
