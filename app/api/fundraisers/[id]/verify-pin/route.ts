import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { PinSchema } from '@/lib/validation/story';
import { checkStoryPin } from '@/lib/story/service';
import { grantPinAccessCookie } from '@/lib/story/pin-access';
import { clientIp } from '@/lib/security/rate-limit';
import { isHttps } from '@/lib/http/cookies';
import { assertSameOrigin } from '@/lib/http/origin';

export const dynamic = 'force-dynamic';

// spec 7: verify private PIN (body pin); a right PIN sets a sealed cookie that opens the story
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const { pin } = await parseJsonBody(PinSchema, request);
  await checkStoryPin(await getDb(), id, pin, clientIp(request));
  const cookie = await grantPinAccessCookie(request, id, isHttps(request));
  return json({ data: { verified: true } }, { headers: { 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } });
});
