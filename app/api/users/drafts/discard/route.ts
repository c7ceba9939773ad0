import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { DiscardSchema } from '@/lib/validation/drafts';
import { discardDraft } from '@/lib/fundraisers/drafts';
import { deleteImageUpload } from '@/lib/media/uploads';

export const dynamic = 'force-dynamic';

// spec 7: POST users/drafts/discard (and PUT with a bearer token) removes a draft, its media and their files
async function discard(request: Request) {
  assertSameOrigin(request);
  const db = await getDb();
  const user = await requireUser(db, request);
  const { id } = await parseJsonBody(DiscardSchema, request);
  // files go after the rows are gone: a failure leaves an orphan file, never a draft pointing at nothing
  for (const upload of await discardDraft(db, user, id)) await deleteImageUpload(upload);
  return json({ data: { discarded: true, id } });
}

export const POST = handle(discard);
export const PUT = handle(discard);
