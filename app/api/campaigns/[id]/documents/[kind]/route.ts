import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { uploadedFile } from '@/lib/media/uploads';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { PROOF_DOCUMENT_KINDS } from '@/lib/constants/fundraisers';
import { addProofDocument } from '@/lib/fundraisers/proof';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const Params = z.object({ id: FundraiserIdSchema, kind: z.enum(PROOF_DOCUMENT_KINDS) });

// a draft's medical estimate or beneficiary's ID (multipart, field `file`), kept private to reviewers
export const POST = route({ who: 'user', params: Params }, async ({ request, db, user, params: { id, kind } }) => {
  const readFile = async () => {
    const file = await uploadedFile(request);
    return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
  };
  return json({ data: await addProofDocument(db, user, id, kind, readFile) }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
