import { json } from '@/lib/http/respond';
import { requestBrand } from '@/lib/whitelabel/request-brand';
import { WHITE_LABEL_CACHE_MS } from '@/lib/constants/site';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "getdomain": the brand of this request's site (a partner's white-label brand, or ours), as pages show it
export const GET = route({ who: 'anyone' }, async ({ request, db }) => {
  const brand = await requestBrand(db, request);
  return json({ data: brand }, { headers: { 'cache-control': `public, max-age=${WHITE_LABEL_CACHE_MS / 1000}`, vary: 'host, x-forwarded-host' } });
});
