// The audit log (ADR 026): every back-office write records who, when, from which address, what, and the
// values before and after. Append-only: this module only inserts and reads, and the database refuses
// UPDATE, DELETE and TRUNCATE on the table (trigger in migration 0013); on PostgreSQL the shop's runtime role may only
// INSERT and SELECT there, and owns nothing, so it cannot switch the trigger off either (ADR 056).
import { and, count, desc, eq, getTableColumns, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';

/** Who did it: a staff member in the back office, or the command line / staff API (no staff id). */
export type Actor = { staffId: number | null; label: string; clientAddress: string | null };

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Writes one entry and returns its id; call it inside the transaction of the change, so both happen or neither. */
export async function recordAudit(tx: Db, actor: Actor, entry: AuditEntry, now = new Date()): Promise<number> {
  const [row] = await tx
    .insert(s.auditLog)
    .values({
      at: now,
      staffId: actor.staffId,
      actor: actor.label,
      clientAddress: actor.clientAddress ? actor.clientAddress.slice(0, 64) : null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    })
    .returning({ id: s.auditLog.id });
  return Number(row!.id);
}

/**
 * Deletes a row and records it (as `before`) in one transaction; false when `remove` deleted nothing, so removing
 * what is already gone is answered as done and audited once.
 */
export async function deleteAudited(db: Db, actor: Actor, entry: Omit<AuditEntry, 'before' | 'after'>, remove: (tx: Db) => Promise<unknown[]>, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await remove(tx);
    if (!gone) return false;
    await recordAudit(tx, actor, { ...entry, before: gone }, now);
    return true;
  });
}

export type AuditFilter = { staffId?: number; entity?: string; entityId?: string; action?: string; from?: Date; to?: Date };
export const AUDIT_PAGE_SIZE = 50;

/** An entry with the name of the staff member who made it (null for the command line / staff API). */
export type AuditRow = typeof s.auditLog.$inferSelect & { staffName: string | null };

/** Newest first, filtered, one page; `total` for the pager. */
export async function listAudit(db: Db, filter: AuditFilter, page = 1): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.staffId) conditions.push(eq(s.auditLog.staffId, filter.staffId));
  if (filter.entity) conditions.push(eq(s.auditLog.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(s.auditLog.entityId, filter.entityId));
  if (filter.action) conditions.push(eq(s.auditLog.action, filter.action));
  if (filter.from) conditions.push(gte(s.auditLog.at, filter.from));
  if (filter.to) conditions.push(lt(s.auditLog.at, filter.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(s.auditLog), staffName: s.staffUsers.name })
      .from(s.auditLog)
      .leftJoin(s.staffUsers, eq(s.staffUsers.id, s.auditLog.staffId))
      .where(where)
      .orderBy(desc(s.auditLog.at), desc(s.auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(s.auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The distinct entities and actions written so far, for the filter menus. */
export async function auditVocabulary(db: Db): Promise<{ entities: string[]; actions: string[] }> {
  const [entities, actions] = await Promise.all([
    db.selectDistinct({ v: s.auditLog.entity }).from(s.auditLog).orderBy(s.auditLog.entity),
    db.selectDistinct({ v: s.auditLog.action }).from(s.auditLog).orderBy(s.auditLog.action),
  ]);
  return { entities: entities.map((r) => r.v), actions: actions.map((r) => r.v) };
}
