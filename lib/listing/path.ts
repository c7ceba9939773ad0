// all-fundraisers filters as path segments (/all-fundraisers/{cause|all}/{cursor|first}): the
// middleware moves them out of the query string so each listing page can be cached. Edge-safe (no imports).
const CAUSE = /^[1-9]\d{0,8}$/;
const CURSOR = /^[A-Za-z0-9_-]{1,100}$/;

/** The internal path for a listing URL's query, or null when it must render per request (text search, odd values). */
export function listingPathFromQuery(search: URLSearchParams): string | null {
  if (search.get('q')?.trim()) return null;
  const cause = search.get('cause') || '';
  const cursor = search.get('cursor') || '';
  if (cause && !CAUSE.test(cause)) return null;
  if (cursor && !CURSOR.test(cursor)) return null;
  return `/all-fundraisers/${cause || 'all'}/${cursor || 'first'}`;
}

/** The filters of a rewritten listing path; null for segments nobody could have produced. */
export function listingFiltersFromSegments(cause: string, cursor: string, isValidCursor: (c: string) => boolean): { cause?: number; cursor?: string } | null {
  if (cause !== 'all' && !CAUSE.test(cause)) return null;
  if (cursor !== 'first' && (!CURSOR.test(cursor) || !isValidCursor(cursor))) return null;
  return { cause: cause === 'all' ? undefined : Number(cause), cursor: cursor === 'first' ? undefined : cursor };
}
