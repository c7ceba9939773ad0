import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { LeadListQuerySchema } from '@/lib/validation/lead';
import { reviewerLeads } from '@/lib/leads/service';
import { CONTACT_LEAD, SIGNUP_LEAD, isSignupLead, receiveLead } from '@/lib/leads/receive';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST lead: the contact-us form, or spec 3's signup lead (query_type want_to_raise_funds); params signup_access, showError
export const POST = route({ who: 'anyone', body: z.unknown() }, async ({ request, db, body }) => {
  const sent = isSignupLead(body) ? await receiveLead(db, request, body, SIGNUP_LEAD) : await receiveLead(db, request, body, CONTACT_LEAD);
  return json({ data: sent }, { status: 201 });
});

// the reviewers' list, newest first (?before=<id> for the next page); 404 to everyone else
export const GET = route({ who: 'user', cache: CACHE.private }, async ({ request, db, user }) => {
  const { before } = parseQuery(LeadListQuerySchema, request.url);
  return json({ data: await reviewerLeads(db, user, { before }) });
});
