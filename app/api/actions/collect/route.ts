import { json } from '@/lib/http/respond';
import { SystemEventSchema } from '@/lib/validation/story';
import { recordSystemEvent } from '@/lib/story/service';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST /actions/collect with a system event (campaign visits among them)
export const POST = route({ who: 'anyone', body: SystemEventSchema }, async ({ db, body: event }) => {
  await recordSystemEvent(db, event);
  return json({ data: { recorded: true } }, { status: 201 });
});
