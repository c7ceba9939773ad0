// The absolute origin of the request's own site: white-label hosts keep their own URLs, hosts that are
// not ours get the main site (./resolve.ts).
import { getDb } from '../db/client';
import { requestHost, resolveSiteOrigin } from './resolve';

export const requestOrigin = async (request: Request): Promise<string> => resolveSiteOrigin(await getDb(), requestHost(request));
