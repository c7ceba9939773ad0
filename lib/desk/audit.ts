// The audit log: one line per staff action, written in the action's own transaction (so a change and its line commit
// or roll back together), and never changed after (the database's trigger refuses UPDATE, DELETE and TRUNCATE).
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { auditLog, users } from '../db/schema';
import { clientIp } from '../security/rate-limit';
import { AUDIT_PAGE_SIZE, type StaffRole } from '../constants/desk';

/** Who did it, as the audit line keeps it: the staff member, the roles they held, where they were. */
export interface DeskActor {
  id: number;
  roles: readonly StaffRole[];
  ip: string | null;
  userAgent: string | null;
}

/** The actor of a desk request: the staff member and the request's client address (never a raw forwarded header) and browser. */
export function deskActor(staff: { id: number; staffRoles: readonly StaffRole[] }, request: Request): DeskActor {
  const ip = clientIp(request);
  return { id: staff.id, roles: staff.staffRoles, ip: ip === 'unknown' ? null : ip, userAgent: request.headers.get('user-agent') };
}

export type AuditAction =
  | 'staff.grant'
  | 'staff.revoke'
  | 'receipt.resend'
  | 'donor.correct'
  | 'refund.request'
  | 'refund.hold'
  | 'refund.release'
  | 'refund.cancel'
  | 'partner.create'
  | 'partner.update'
  | 'coupon.create'
  | 'coupon.update'
  | 'finance.export';

export interface AuditEntry {
  action: AuditAction;
  recordKind: string;
  recordId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes the action's line; call it inside the transaction that makes the change. */
export async function recordStaffAction(tx: Tx, actor: DeskActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actor_id: actor.id,
    actor_roles: actor.roles.join(','),
    action: entry.action,
    record_kind: entry.recordKind,
    record_id: String(entry.recordId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
    user_agent: actor.userAgent,
  });
}

export interface AuditFilter {
  recordKind?: string;
  recordId?: string;
  actorId?: number;
  page?: number;
}

export interface AuditLine {
  id: number;
  at: Date;
  actor: { id: number; name: string; email: string };
  actorRoles: string;
  action: string;
  recordKind: string;
  recordId: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  userAgent: string | null;
}

/** One page of the log, newest first, by record (kind, and id) and by actor. */
export async function auditLines(db: DbOrTx, filter: AuditFilter): Promise<{ lines: AuditLine[]; total: number; page: number; pages: number }> {
  const where: SQL[] = [];
  if (filter.recordKind) where.push(eq(auditLog.record_kind, filter.recordKind));
  if (filter.recordId) where.push(eq(auditLog.record_id, filter.recordId));
  if (filter.actorId) where.push(eq(auditLog.actor_id, filter.actorId));
  const condition = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(condition);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(Math.max(1, filter.page ?? 1), pages);
  const rows = await db
    .select({ line: auditLog, name: users.full_name, email: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actor_id))
    .where(condition)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return {
    total,
    page,
    pages,
    lines: rows.map(({ line, name, email }) => ({
      id: line.id,
      at: line.at,
      actor: { id: line.actor_id, name, email },
      actorRoles: line.actor_roles,
      action: line.action,
      recordKind: line.record_kind,
      recordId: line.record_id,
      before: line.before,
      after: line.after,
      ip: line.ip,
      userAgent: line.user_agent,
    })),
  };
}
