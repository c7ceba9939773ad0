import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { CreateCampaignSchema } from '@/lib/validation/drafts';
import { createDraft } from '@/lib/fundraisers/drafts';
import { utmFrom } from '@/lib/http/utm';

export const dynamic = 'force-dynamic';

// spec 7: POST campaigns creates a draft from the dock (what the visitor typed before signing in) or by parent cause
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const db = await getDb();
  const user = await requireUser(db, request, 'Please sign in to save your fundraiser');
  const input = await parseJsonBody(CreateCampaignSchema, request);
  // spec 9: the body's utm (the dock's), else the landing's kept in cookies
  const utm = utmFrom(request, input.utm) ?? undefined;
  return json({ data: await createDraft(db, user, { ...input, utm }) }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
