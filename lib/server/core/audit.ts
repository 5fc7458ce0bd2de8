import 'server-only';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { staffAuditLog, staffUsers } from '../db/schema';
import { can, type Permission } from './roles';

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

/**
 * The area of each audit action: the permission a role needs to see its rows (docs/console.md "Audit log", "Who sees
 * which rows"). Matched in order, exact names before the prefixes (ending in a dot) that would also take them. An
 * action matching nothing is for `audit:all` (admins) only, so a new action stays hidden until it is given an area.
 */
const AUDIT_AREAS: ReadonlyArray<readonly [string, Permission]> = [
  // One's own sign-ins, sign-outs and second factor: every role (its own rows only, below).
  ['staff.login', 'audit:own'],
  ['staff.login_failed', 'audit:own'],
  ['staff.login_password', 'audit:own'],
  ['staff.login_locked', 'audit:own'],
  ['staff.locked', 'audit:own'],
  ['staff.logout', 'audit:own'],
  ['staff.totp_begin', 'audit:own'],
  ['staff.totp_enable', 'audit:own'],
  ['staff.totp_disable', 'audit:own'],
  // Staff management, including an admin's reset of someone's second factor and an account the command created.
  ['staff.', 'staff'],
  ['word.', 'words'],
  ['announcement.', 'announcements'],
  ['review.', 'moderation'],
  ['comment.', 'moderation'],
  ['report.', 'moderation'],
  ['member.phone_view', 'members:phone'],
  ['member.', 'members'],
  ['appeal.', 'members'],
  ['config.follow_gate', 'members'],
  ['config.', 'config'],
  ['ad.', 'ads'],
  ['game.', 'games'],
  ['experiment.', 'experiments'],
  ['storefront.', 'storefront'],
  ['content.', 'content'],
  ['novel.', 'content'],
  ['chapter.', 'content'],
  ['audio.', 'listening'],
  ['lottery.', 'activity'],
  ['prize.', 'activity'],
  ['coupon.', 'activity'],
  ['selling.product.', 'selling:money'],
  ['selling.coupon.', 'selling:money'],
  ['selling.', 'selling'],
  ['order.', 'orders'],
  ['ledger.', 'orders'],
  ['reconciliation.', 'orders'],
];

/** The permission that shows an action's rows, or null for an action of no known area (admins only). */
export function auditArea(action: string): Permission | null {
  for (const [pattern, permission] of AUDIT_AREAS) {
    if (pattern.endsWith('.') ? action.startsWith(pattern) : action === pattern) return permission;
  }
  return null;
}

/** Whether `role` may see rows of `action` at all: admins every row, others the rows of areas they may act on. */
export function canSeeAuditAction(role: string, action: string): boolean {
  if (can(role, 'audit:all')) return true;
  const area = auditArea(action);
  return area !== null && can(role, area);
}

/** What one viewer may see of the log (auditScope). */
export interface AuditScope {
  /** Set for everyone but admins: only this member of staff's rows. */
  staffId?: number;
  /** The actions present whose rows the viewer may see (for admins: every action present). */
  actions: string[];
  /** False for admins: the filter's staff id applies and every action is shown. */
  restricted: boolean;
}

/**
 * What one viewer may see of the log: an admin (`audit:all`) every row, with the staff filter; anyone else only
 * rows of their own whose action is of an area their role may act on, so a moderator never sees a staff
 * management, money or content row, whatever the query asks. `actions` are the filter's choices: only actions
 * that have a row the viewer may see.
 */
export async function auditScope(viewer: { id: number; role: string }): Promise<AuditScope> {
  const db = getDb();
  if (can(viewer.role, 'audit:all')) {
    const rows = await db
      .selectDistinct({ action: staffAuditLog.action })
      .from(staffAuditLog)
      .orderBy(sql`1`);
    return { actions: rows.map((r) => r.action), restricted: false };
  }
  if (!can(viewer.role, 'audit:own')) return { staffId: viewer.id, actions: [], restricted: true };
  const own = await db
    .selectDistinct({ action: staffAuditLog.action })
    .from(staffAuditLog)
    .where(eq(staffAuditLog.staffId, viewer.id))
    .orderBy(sql`1`);
  return { staffId: viewer.id, actions: own.map((r) => r.action).filter((a) => canSeeAuditAction(viewer.role, a)), restricted: true };
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

/**
 * Newest first, AUDIT_PAGE_SIZE a page; `hasMore` when another page follows. The filter narrows what `scope` allows
 * and never widens it: a restricted scope's staff id and actions win over the filter's.
 */
export async function listAudit(scope: AuditScope, filter: AuditFilter): Promise<{ rows: AuditRow[]; hasMore: boolean }> {
  const where: SQL[] = [];
  const staffId = scope.restricted ? scope.staffId : filter.staffId;
  if (staffId !== undefined) where.push(eq(staffAuditLog.staffId, staffId));
  if (scope.restricted) {
    if (!scope.actions.length) return { rows: [], hasMore: false };
    where.push(inArray(staffAuditLog.action, scope.actions));
  }
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
