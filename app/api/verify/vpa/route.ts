import { json } from '@/lib/http/respond';
import { VpaSchema } from '@/lib/validation/donation';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST verify/vpa. The sandbox accepts any well-formed UPI id; a real gateway adapter asks the bank.
export const POST = route({ who: 'anyone', body: VpaSchema, database: false }, async ({ body: { vpa } }) => {
  return json({ data: { vpa, valid: true } });
});
