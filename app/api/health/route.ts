import { pingDatabase } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

export async function GET() {
  const database = await pingDatabase();
  return Response.json({ status: database.ok ? 'ok' : 'degraded', database }, { status: database.ok ? 200 : 503 });
}
