// Runs once when the server starts: take the data folder, migrate, seed the demo; Sentry when configured.
export async function register() {
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // what settled orders and moved mandates mean for SIPs and insurance, before any request settles one
    await import('./lib/reactions');
    const [{ prepareDatabase }, { seedDemo }] = await Promise.all([import('./lib/db/startup'), import('./demo/seed')]);
    try {
      await prepareDatabase(seedDemo);
    } catch (e) {
      const { log } = await import('./lib/observability/log');
      log.fatal(`Sahyog cannot start: ${(e as Error).message}`);
      process.exit(1);
    }
    if (process.env.SENTRY_DSN) {
      const Sentry = await import('@sentry/nextjs');
      Sentry.init({ dsn: process.env.SENTRY_DSN, tracesSampleRate: 0.1 });
    }
  }
  if (process.env.NEXT_RUNTIME === 'edge' && process.env.SENTRY_DSN) {
    const Sentry = await import('@sentry/nextjs');
    Sentry.init({ dsn: process.env.SENTRY_DSN, tracesSampleRate: 0.1 });
  }
}

export async function onRequestError(...args: unknown[]) {
  if (!process.env.SENTRY_DSN) return;
  const Sentry = await import('@sentry/nextjs');
  // @ts-expect-error the argument list is Next's own; Sentry accepts it as is
  Sentry.captureRequestError(...args);
}
