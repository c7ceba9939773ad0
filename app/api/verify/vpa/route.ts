import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { VpaSchema } from '@/lib/validation/donation';

export const dynamic = 'force-dynamic';

// spec 7: POST verify/vpa. The sandbox accepts any well-formed UPI id; a real gateway adapter asks the bank.
export const POST = handle(async (request) => {
  const { vpa } = await parseJsonBody(VpaSchema, request);
  return json({ data: { vpa, valid: true } });
});
