import { json } from '@/lib/http/respond';
import { replaceAvatar } from '@/lib/portfolio/avatar';
import { uploadedFile } from '@/lib/media/uploads';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// profile picture upload (multipart field `file`): spec 5 image rules, checked by content too
export const POST = route({ who: 'user' }, async ({ request, db, user }) => {
  // who first, so an anonymous request never gets its body read
  const file = await uploadedFile(request);
  return json({ data: await replaceAvatar(db, user.id, file) }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
