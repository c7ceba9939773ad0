import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { uploadedFile } from '@/lib/media/uploads';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { PROOF_DOCUMENT_KINDS } from '@/lib/constants';
import { addProofDocument } from '@/lib/fundraisers/proof';

export const dynamic = 'force-dynamic';

const Params = z.object({ id: FundraiserIdSchema, kind: z.enum(PROOF_DOCUMENT_KINDS) });

// issue 31.6: a draft's medical estimate or beneficiary's ID (multipart, field `file`), kept private to reviewers
export const POST = handle(async (request, { params }: { params: Promise<{ id: string; kind: string }> }) => {
  assertSameOrigin(request);
  const { id, kind } = parseWith(Params, await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const readFile = async () => {
    const file = await uploadedFile(request);
    return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
  };
  return json({ data: await addProofDocument(db, user, id, kind, readFile) }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
