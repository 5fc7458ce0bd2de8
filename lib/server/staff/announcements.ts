import 'server-only';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { returnPath } from '@/lib/shared/return-path';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { messages, staffAuditLog, staffUsers } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';

/**
 * Announcements (docs/console.md "Announcements"): `messages` rows with memberId null, which every reader sees in
 * 消息 and counts as unread until their announcement mark passes them (docs/community.md "Messages"). Publishing
 * inserts one; withdrawing deletes it, so no reader sees it afterwards — its text stays in the audit rows.
 */

export const ANNOUNCEMENTS_PAGE_SIZE = 20;
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 2000;
export const ANNOUNCEMENT_LINK_MAX = 500;
/** The same title and body again within this window is a second click, not a second announcement. */
const DUPLICATE_WINDOW = sql`interval '10 minutes'`;

export interface AnnouncementRow {
  id: number;
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
  /** Who published it, from the audit row (null when that account is gone or the row predates the console). */
  publishedBy: string | null;
}

export interface AnnouncementInput {
  title: string;
  body: string;
  link?: string;
}

const isAnnouncement = and(isNull(messages.memberId), eq(messages.kind, 'announcement'));

/** Newest first, ANNOUNCEMENTS_PAGE_SIZE a page. */
export async function listAnnouncements(page = 1): Promise<{ rows: AnnouncementRow[]; hasMore: boolean; total: number }> {
  const db = getDb();
  const rows = await db
    .select({
      id: messages.id,
      title: messages.title,
      body: messages.body,
      link: messages.link,
      createdAt: messages.createdAt,
      publishedBy: staffUsers.displayName,
    })
    .from(messages)
    .leftJoin(
      staffAuditLog,
      and(
        eq(staffAuditLog.action, 'announcement.publish'),
        eq(staffAuditLog.targetType, 'message'),
        eq(staffAuditLog.targetId, messages.id),
      ),
    )
    .leftJoin(staffUsers, eq(staffUsers.id, staffAuditLog.staffId))
    .where(isAnnouncement)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(ANNOUNCEMENTS_PAGE_SIZE + 1)
    .offset((Math.max(1, page) - 1) * ANNOUNCEMENTS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(messages).where(isAnnouncement);
  return { rows: rows.slice(0, ANNOUNCEMENTS_PAGE_SIZE), hasMore: rows.length > ANNOUNCEMENTS_PAGE_SIZE, total: total?.n ?? 0 };
}

/**
 * A link must stay on the reader site: a safe same-site path (returnPath) that still resolves under `/m` once
 * the browser has applied its dot segments (`/m/../admin` is `/admin`).
 */
export function announcementLink(raw: string | undefined): string | null {
  const link = (raw ?? '').trim();
  if (!link) return null;
  if (link.length > ANNOUNCEMENT_LINK_MAX || !returnPath(link)) throw invalid(SERVER_MSG.announcementLinkInvalid);
  const { pathname } = new URL(link, 'http://site.invalid');
  if (pathname !== '/m' && !pathname.startsWith('/m/')) throw invalid(SERVER_MSG.announcementLinkInvalid);
  return link;
}

/** The title on one line; the body with its line breaks as the reader's page shows them. */
function cleanInput(input: AnnouncementInput) {
  const title = input.title.replace(/\s+/g, ' ').trim();
  const body = input.body.replace(/\r\n?/g, '\n').trim();
  if (!title) throw invalid(SERVER_MSG.announcementTitleEmpty);
  if (title.length > ANNOUNCEMENT_TITLE_MAX) throw invalid(SERVER_MSG.announcementTitleTooLong);
  if (!body) throw invalid(SERVER_MSG.announcementBodyEmpty);
  if (body.length > ANNOUNCEMENT_BODY_MAX) throw invalid(SERVER_MSG.announcementBodyTooLong);
  return { title, body, link: announcementLink(input.link) };
}

/** Publishes at once: every reader's unread count includes it from the commit on. Returns the message id. */
export async function publishAnnouncement(actor: StaffActor, input: AnnouncementInput): Promise<number> {
  assertCan(actor, 'announcements');
  const { title, body, link } = cleanInput(input);
  return getDb().transaction(async (tx) => {
    // One publisher at a time, so two submits of the same form cannot both pass the duplicate check.
    await tx.execute(sql`select pg_advisory_xact_lock(0, hashtext('announcement:publish'))`);
    const [dup] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(isAnnouncement, eq(messages.title, title), eq(messages.body, body), gt(messages.createdAt, sql`now() - ${DUPLICATE_WINDOW}`)),
      )
      .limit(1);
    if (dup) throw new ApiError(CODES.conflict, SERVER_MSG.announcementDuplicate);
    const [row] = await tx
      .insert(messages)
      .values({ memberId: null, kind: 'announcement', title, body, link })
      .returning({ id: messages.id });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'announcement.publish',
      targetType: 'message',
      targetId: row!.id,
      detail: { title, body, link },
      ip: actor.ip,
    });
    return row!.id;
  });
}

/**
 * Withdraws an announcement by deleting its row: the list, the unread count and /v1/messages/{id} (404) all stop
 * showing it at once, and the members' announcement marks (timestamps) need no change. Only announcements: a
 * personal message's id is "not found" here.
 */
export async function withdrawAnnouncement(actor: StaffActor, id: number): Promise<void> {
  assertCan(actor, 'announcements');
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .delete(messages)
      .where(and(eq(messages.id, id), isAnnouncement))
      .returning();
    if (!row) throw notFound(SERVER_MSG.announcementNotFound);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'announcement.withdraw',
      targetType: 'message',
      targetId: id,
      detail: { title: row.title, body: row.body, link: row.link, publishedAt: row.createdAt.toISOString() },
      ip: actor.ip,
    });
  });
}
