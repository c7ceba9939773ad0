import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { SystemEventSchema } from '@/lib/validation/story';
import { recordSystemEvent } from '@/lib/story/service';

export const dynamic = 'force-dynamic';

// spec 7: POST /actions/collect with a system event (campaign visits among them)
export const POST = handle(async (request) => {
  const event = await parseJsonBody(SystemEventSchema, request);
  await recordSystemEvent(await getDb(), event);
  return json({ data: { recorded: true } }, { status: 201 });
});
