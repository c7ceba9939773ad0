// The browser loads Sentry only when a DSN was configured at build time (otherwise this is empty).
const dsn = process.env.NEXT_PUBLIC_SENTRY_DSN;
if (dsn) {
  void import('@sentry/nextjs').then((Sentry) => Sentry.init({ dsn, tracesSampleRate: 0.1 }));
}
export {};
