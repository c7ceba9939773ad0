// Error reporting goes to Sentry only when SENTRY_DSN is set; otherwise to the server log alone.
export async function reportError(error: unknown, context?: Record<string, unknown>): Promise<void> {
  console.error('[error]', error instanceof Error ? error.stack ?? error.message : error, context ?? '');
  if (!process.env.SENTRY_DSN) return;
  try {
    const Sentry = await import('@sentry/nextjs');
    Sentry.captureException(error, context ? { extra: context } : undefined);
  } catch {
    // reporting must never break a request
  }
}
