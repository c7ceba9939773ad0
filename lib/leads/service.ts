import type { DbOrTx } from '../db/client';
import { leads } from '../db/schema';
import type { z } from 'zod';
import type { ContactLeadSchema } from '../validation/lead';

export async function createContactLead(db: DbOrTx, lead: z.output<typeof ContactLeadSchema>, utm: Record<string, string> | null) {
  const [row] = await db
    .insert(leads)
    .values({ name: lead.name, email: lead.email, phone: lead.phone, extension: lead.extension, about: lead.about, page: lead.page ?? 'contact-us', type: 'contact', query_type: 'contact', utm })
    .returning({ id: leads.id });
  return row;
}
