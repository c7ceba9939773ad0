import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery, parseWith } from '@/lib/http/validation';
import { ApiError } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { DonorsQuerySchema } from '@/lib/validation/story';
import { hasSupported, storySupporters } from '@/lib/story/queries';
import { readableFundraiser } from '@/lib/story/service';
import { signedInUser } from '@/lib/auth/session';
import { currencyForCountry } from '@/lib/money';

export const dynamic = 'force-dynamic';

// spec 7 (ticker and supporters list); spec 6: pages after the first only for this fundraiser's supporters
export const GET = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const q = parseQuery(DonorsQuerySchema, request.url);
  const db = await getDb();
  await readableFundraiser(db, request, id);
  if (q.page > 1) {
    const user = await signedInUser(db, request);
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
