import { log } from './log';

// Error reporting goes to Sentry only when SENTRY_DSN is set; the log line is written either way.
export async function reportError(error: unknown, context?: Record<string, unknown>): Promise<void> {
  log.error({ err: error, ...context }, error instanceof Error ? error.message : String(error));
  if (!process.env.SENTRY_DSN) return;
  try {
    const Sentry = await import('@sentry/nextjs');
    Sentry.captureException(error, context ? { extra: context } : undefined);
  } catch {
    // reporting must never break a request
  }
}
