import { json } from '@/lib/http/respond';
import { CreateCampaignSchema } from '@/lib/validation/drafts';
import { createDraft } from '@/lib/fundraisers/drafts';
import { utmFrom } from '@/lib/http/utm';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST campaigns creates a draft from the dock (what the visitor typed before signing in) or by parent cause
export const POST = route({ who: 'user', signInMessage: 'Please sign in to save your fundraiser', body: CreateCampaignSchema }, async ({ request, db, user, body: input }) => {
  // spec 9: the body's utm (the dock's), else the landing's kept in cookies
  const utm = utmFrom(request, input.utm) ?? undefined;
  return json({ data: await createDraft(db, user, { ...input, utm }) }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
