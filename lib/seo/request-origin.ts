// The absolute origin of the request's own domain (white-label hosts keep their own URLs).
import { env } from '../env';
import { siteOrigin, siteSegment } from '../whitelabel/site';

export const requestOrigin = (request: Request) => siteOrigin(siteSegment(request.headers.get('x-forwarded-host') ?? request.headers.get('host')), env().SITE_URL);
