import { pingDatabase } from '@/lib/db/client';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the database's state is the answer (503 when it is down), so the wrapper does not open it first; the deployment id
// (next.config.mjs: the commit built, or DEPLOYMENT_ID) tells which build this server runs, so two builds are told apart
export const GET = route({ who: 'anyone', database: false }, async () => {
  const database = await pingDatabase();
  return Response.json({ status: database.ok ? 'ok' : 'degraded', deployment_id: process.env.NEXT_DEPLOYMENT_ID || null, database }, { status: database.ok ? 200 : 503 });
});
