import 'server-only';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { staffAuditLog, staffUsers } from '../db/schema';

export interface AuditEntry {
  /** null for a sign-in attempt under a username that does not exist. */
  staffId: number | null;
  action: string;
  targetType?: string;
  targetId?: number;
  detail?: Record<string, unknown>;
  ip?: string;
}

/** One audit row, written in the caller's transaction so it exists exactly when the change does (docs/console.md "Audit log"). */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(staffAuditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip?.slice(0, 64) ?? null,
  });
}

export interface AuditFilter {
  staffId?: number;
  action?: string;
  /** Inclusive start and exclusive end. */
  from?: Date;
  to?: Date;
  page?: number;
}

export const AUDIT_PAGE_SIZE = 50;

export interface AuditRow {
  id: number;
  staffId: number | null;
  username: string | null;
  action: string;
  targetType: string | null;
  targetId: number | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  createdAt: Date;
}

/** Newest first, AUDIT_PAGE_SIZE a page; `hasMore` when another page follows. */
export async function listAudit(filter: AuditFilter): Promise<{ rows: AuditRow[]; hasMore: boolean }> {
  const where: SQL[] = [];
  if (filter.staffId !== undefined) where.push(eq(staffAuditLog.staffId, filter.staffId));
  if (filter.action) where.push(eq(staffAuditLog.action, filter.action));
  if (filter.from) where.push(gte(staffAuditLog.createdAt, filter.from));
  if (filter.to) where.push(lt(staffAuditLog.createdAt, filter.to));
  const page = Math.max(1, filter.page ?? 1);
  const rows = await getDb()
    .select({
      id: staffAuditLog.id,
      staffId: staffAuditLog.staffId,
      username: staffUsers.username,
      action: staffAuditLog.action,
      targetType: staffAuditLog.targetType,
      targetId: staffAuditLog.targetId,
      detail: staffAuditLog.detail,
      ip: staffAuditLog.ip,
      createdAt: staffAuditLog.createdAt,
    })
    .from(staffAuditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, staffAuditLog.staffId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), hasMore: rows.length > AUDIT_PAGE_SIZE };
}

/** The action names present, for the filter's choices. */
export async function auditActions(): Promise<string[]> {
  const rows = await getDb()
    .selectDistinct({ action: staffAuditLog.action })
    .from(staffAuditLog)
    .orderBy(sql`1`);
  return rows.map((r) => r.action);
}
