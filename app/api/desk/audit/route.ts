import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { auditLines } from '@/lib/desk/audit';
import { AuditQuerySchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// the audit log, newest first, by record or actor, a page at a time
export const GET = route({ who: 'staff', staff: 'audit.read', query: AuditQuerySchema, cache: CACHE.private }, async ({ db, query }) =>
  json({ data: await auditLines(db, { recordKind: query.kind, recordId: query.record, actorId: query.actor, page: query.page }) }),
);
