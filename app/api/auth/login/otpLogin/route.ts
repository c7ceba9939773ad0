import { json } from '@/lib/http/respond';
import { clientIp } from '@/lib/security/rate-limit';
import { OtpLoginSchema } from '@/lib/validation/sign-in';
import { sendOneTimeCode } from '@/lib/auth/one-time-code';
import { productNameFor } from '@/lib/auth/flows';
import { ONE_TIME_CODE_RESEND_AFTER_MS } from '@/lib/constants/auth';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST auth/login/otpLogin sends a one-time code to a phone or an email
export const POST = route({ who: 'anyone', body: OtpLoginSchema }, async ({ request, db, body: { contact } }) => {
  const sent = await sendOneTimeCode(db, contact, clientIp(request), await productNameFor(db, request));
  // the form counts down to its resend button and says how many codes are left this hour
  return json({ data: { request_id: sent.request_id, expires_at: sent.expires_at.toISOString(), sent_to: contact.kind, resend_after_s: ONE_TIME_CODE_RESEND_AFTER_MS / 1000, codes_left: sent.codes_left } });
});
