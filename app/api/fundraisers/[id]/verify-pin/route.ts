import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { PinSchema } from '@/lib/validation/story';
import { checkStoryPin } from '@/lib/story/service';
import { grantPinAccessCookie } from '@/lib/story/pin-access';
import { clientIp } from '@/lib/security/rate-limit';
import { isHttps } from '@/lib/http/cookies';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: verify private PIN (body pin); a right PIN sets a sealed cookie that opens the story
export const POST = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }), body: PinSchema }, async ({ request, db, body: { pin }, params: { id } }) => {
  await checkStoryPin(db, id, pin, clientIp(request));
  const cookie = await grantPinAccessCookie(request, id, isHttps(request));
  return json({ data: { verified: true } }, { headers: { 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } });
});
