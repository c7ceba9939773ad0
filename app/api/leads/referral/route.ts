import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { REFERRAL_LEAD, receiveLead } from '@/lib/leads/receive';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: the referral form (spec 2, 5, 9); params signup_access, showError
export const POST = route({ who: 'anyone', body: z.unknown() }, async ({ request, db, body }) => {
  return json({ data: await receiveLead(db, request, body, REFERRAL_LEAD) }, { status: 201 });
});
