import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { replaceAvatar } from '@/lib/portfolio/avatar';
import { uploadedFile } from '@/lib/media/uploads';

export const dynamic = 'force-dynamic';

// profile picture upload (multipart field `file`): spec 5 image rules, checked by content too
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const db = await getDb();
  // who first, so an anonymous request never gets its body read
  const user = await requireUser(db, request);
  const file = await uploadedFile(request);
  return json({ data: await replaceAvatar(db, user.id, file) }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
