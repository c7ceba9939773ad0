import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { requireUser } from '@/lib/auth/session';
import { summaryOf } from '@/lib/portfolio/queries';

export const dynamic = 'force-dynamic';

// spec 7: user summary: total given (per currency and in INR), donations, causes supported
export const GET = handle(async (request) => {
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await summaryOf(db, user.id) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
