// spec 7 GET getdomain: the brand of the site a request came to, resolved as pages resolve theirs: our server serves a
// host that is not ours as the main site (servedSiteHost), then the brand is the active partner's for a white-label
// host and the product's own for ours. The host is read the one way every part of the product reads it (requestHost:
// X-Forwarded-Host only survives from a trusted proxy), so no header makes a stranger's host a brand.
import type { DbOrTx } from '../db/client';
import { env } from '../env';
import { brandForHost, type Brand } from './brand';
import { requestHost, servedSiteHost } from './resolve';
import { siteSegment } from './site';

export async function requestBrand(db: DbOrTx, request: Request): Promise<Brand> {
  const host = requestHost(request);
  // a host that is no host name at all ('a%zz', 'x@y') is nobody's site: served as the main site, as the middleware does
  const served = await servedSiteHost(db, siteSegment(host) === host ? host : '');
  return brandForHost(db, served, env().PRODUCT_NAME);
}
