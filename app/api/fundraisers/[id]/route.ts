import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { z } from 'zod';
import { parseWith } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { fundraiserDetailJson } from '@/lib/fundraisers/api';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';

export const dynamic = 'force-dynamic';

export const GET = handle(async (_request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const fundraiser = await fundraiserById(await getDb(), id);
  if (!fundraiser) throw notFound('Fundraiser not found');
  return json({ data: fundraiserDetailJson(fundraiser, { storyVisible: false }) });
});
