import { pingDatabase } from '@/lib/db/client';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the database's state is the answer (503 when it is down), so the wrapper does not open it first
export const GET = route({ who: 'anyone', database: false }, async () => {
  const database = await pingDatabase();
  return Response.json({ status: database.ok ? 'ok' : 'degraded', database }, { status: database.ok ? 200 : 503 });
});
