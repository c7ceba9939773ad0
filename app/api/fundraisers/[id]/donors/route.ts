import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { ApiError } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { DonorsQuerySchema } from '@/lib/validation/story';
import { hasSupported, storySupporters } from '@/lib/story/queries';
import { readableFundraiser } from '@/lib/story/service';
import { currencyForCountry } from '@/lib/money';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 (ticker and supporters list); spec 6: pages after the first only for this fundraiser's supporters, so only they
// look up the caller (the public first page answers a stale bearer token too)
export const GET = route({ who: (q) => (q.page > 1 ? 'visitor' : 'anyone'), params: z.object({ id: FundraiserIdSchema }), query: DonorsQuerySchema }, async ({ request, db, user, query: q, params: { id } }) => {
  await readableFundraiser(db, request, id);
  if (q.page > 1) {
    if (!user) throw new ApiError('unauthenticated', 'Sign in to see more supporters');
    if (!(await hasSupported(db, id, user.id))) throw new ApiError('forbidden', 'Only supporters of this fundraiser can see more supporters');
  }
  // spec 7 ticker: conversion=1 gives each gift in the asked currency, else in that of the visitor's country_code
  const convertTo = q.conversion === '1' ? (q.currency ?? (q.country_code ? currencyForCountry(q.country_code) : undefined)) : undefined;
  const result = await storySupporters(db, id, { page: q.page, perPage: q.limit, convertTo });
  return json(
    { data: result.data, meta: { pagination: { page: result.page, per_page: result.per_page, total: result.total, has_more: result.has_more } } },
    // the first page is public and the same for everyone: a shared cache may keep it briefly
    { headers: { 'Cache-Control': q.page === 1 ? 'public, max-age=15, s-maxage=15' : 'private, no-store' } },
  );
});
