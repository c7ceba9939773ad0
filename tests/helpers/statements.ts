// The SQL statements a piece of work sends, through drizzle's logger (the donation path's statement budget).
// begin/commit are left out: PGlite runs them inside its own transaction() and drizzle never sees them there.
import type { Db } from '@/lib/db/client';

type Session = { logger: unknown; options: { logger?: unknown } };

export async function statementsOf<T>(db: Db, work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  // drizzle keeps its logger on the session, and hands the session's options to each transaction's session
  const session = (db as unknown as { session: Session }).session;
  const before = { logger: session.logger, option: session.options.logger };
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void (/^\s*(begin|commit|rollback)\b/i.test(query) ? null : statements.push(query)) };
  session.logger = logger;
  session.options.logger = logger;
  try {
    return { result: await work(), statements };
  } finally {
    session.logger = before.logger;
    session.options.logger = before.option;
  }
}
