import { json } from '@/lib/http/respond';
import { DiscardSchema } from '@/lib/validation/drafts';
import { discardDraft } from '@/lib/fundraisers/drafts';
import { deleteImageUpload } from '@/lib/media/uploads';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST users/drafts/discard (and PUT with a bearer token) removes a draft, its media and their files
const discard = route({ who: 'user', body: DiscardSchema }, async ({ db, user, body: { id } }) => {
  // files go after the rows are gone: a failure leaves an orphan file, never a draft pointing at nothing
  for (const upload of await discardDraft(db, user, id)) await deleteImageUpload(upload);
  return json({ data: { discarded: true, id } });
});

export const POST = discard;
export const PUT = discard;
