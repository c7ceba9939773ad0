// The absolute origin of the request's own site: white-label hosts keep their own URLs, hosts that are
// not ours get the main site (lib/whitelabel/resolve.ts).
import { getDb } from '../db/client';
import { requestHost, resolveSiteOrigin } from '../whitelabel/resolve';

export const requestOrigin = async (request: Request): Promise<string> => resolveSiteOrigin(await getDb(), requestHost(request));
