import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseQuery } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { LeadListQuerySchema } from '@/lib/validation/lead';
import { reviewerLeads } from '@/lib/leads/service';
import { CONTACT_LEAD, SIGNUP_LEAD, isSignupLead, receiveLead } from '@/lib/leads/receive';

export const dynamic = 'force-dynamic';

// spec 7: POST lead: the contact-us form, or spec 3's signup lead (query_type want_to_raise_funds); params signup_access, showError
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const body = await parseJsonBody(z.unknown(), request);
  const db = await getDb();
  const sent = isSignupLead(body) ? await receiveLead(db, request, body, SIGNUP_LEAD) : await receiveLead(db, request, body, CONTACT_LEAD);
  return json({ data: sent }, { status: 201 });
});

// the reviewers' list, newest first (?before=<id> for the next page); 404 to everyone else
export const GET = handle(async (request) => {
  const db = await getDb();
  const user = await requireUser(db, request);
  const { before } = parseQuery(LeadListQuerySchema, request.url);
  return json({ data: await reviewerLeads(db, user, { before }) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
