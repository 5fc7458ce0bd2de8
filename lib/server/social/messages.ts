import 'server-only';
import { and, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import type { Message, MessagePage } from '@/lib/shared/dto/community';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { announcementReads, members, messages } from '../db/schema';
import { ApiError, notFound } from '../core/errors';

/**
 * Messages (docs/community.md "Messages"): announcements (memberId null) anyone may read, and personal
 * notifications only their owner may. A personal message is read when its readAt is set; announcements are read
 * up to the member's announcement_reads.readUntil, which starts at the member's sign-up (older announcements are
 * not news to a new account).
 */

/** Announcements count as read up to this instant for the member. */
async function readUntil(memberId: number): Promise<Date> {
  const [row] = await getDb()
    .select({ until: announcementReads.readUntil, joined: members.createdAt })
    .from(members)
    .leftJoin(announcementReads, eq(announcementReads.memberId, members.id))
    .where(eq(members.id, memberId));
  return row?.until ?? row?.joined ?? new Date(0);
}

/** The same mark as readUntil, as SQL: compared in the database, at the database's (microsecond) precision. */
const readUntilSql = (memberId: number): SQL =>
  sql`coalesce((select ${announcementReads.readUntil} from ${announcementReads} where ${announcementReads.memberId} = ${memberId}), (select ${members.createdAt} from ${members} where ${members.id} = ${memberId}), 'epoch'::timestamptz)`;

const mineOrPublic = (memberId: number) => or(eq(messages.memberId, memberId), isNull(messages.memberId))!;

function toMessage(m: typeof messages.$inferSelect, until: Date): Message {
  return {
    id: m.id,
    kind: m.kind,
    title: m.title,
    body: m.body,
    link: m.link ?? '',
    createdat: formatBusinessTime(m.createdAt),
    read: m.memberId === null ? m.createdAt <= until : m.readAt !== null,
  };
}

/** GET /v1/messages/unread_count (and the list's `unread`): unread personal messages plus newer announcements. */
export async function unreadCount(memberId: number | null): Promise<number> {
  if (!memberId) return 0;
  const [row] = await getDb()
    .select({ n: count() })
    .from(messages)
    .where(
      or(
        and(eq(messages.memberId, memberId), isNull(messages.readAt)),
        and(isNull(messages.memberId), gt(messages.createdAt, readUntilSql(memberId))),
      ),
    );
  return row?.n ?? 0;
}

/** GET /v1/messages: the member's messages and the announcements, newest first. Listing marks nothing read. */
export async function listMessages(memberId: number, page: number, limit: number): Promise<MessagePage> {
  const until = await readUntil(memberId);
  const rows = await getDb()
    .select()
    .from(messages)
    .where(mineOrPublic(memberId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return { data: rows.slice(0, limit).map((m) => toMessage(m, until)), hasmore: rows.length > limit, unread: await unreadCount(memberId) };
}

/**
 * Moves the member's announcement mark forward (never back) to an announcement's own created_at as the database
 * holds it: PostgreSQL keeps microseconds and a JavaScript Date only milliseconds, so a mark taken from a Date could
 * fall just short of the announcement it was meant to cover and leave it unread.
 */
async function markAnnouncementsRead(memberId: number, to: SQL): Promise<void> {
  await getDb()
    .insert(announcementReads)
    .values({ memberId, readUntil: to })
    .onConflictDoUpdate({
      target: announcementReads.memberId,
      set: { readUntil: sql`greatest(${announcementReads.readUntil}, excluded.read_until)` },
    });
}

/**
 * GET /v1/messages/{id}: an announcement for anyone; a personal message only for its owner — signed out asks to
 * sign in (90002), another member gets 404 as if it did not exist. Opening it marks it read (an announcement moves
 * the announcement mark up to it).
 */
export async function openMessage(memberId: number | null, id: number): Promise<Message> {
  const db = getDb();
  const [m] = await db.select().from(messages).where(eq(messages.id, id));
  if (!m) throw notFound(SERVER_MSG.messageNotFound);
  if (m.memberId === null) {
    if (!memberId) return toMessage(m, new Date(0));
    const until = await readUntil(memberId);
    if (m.createdAt >= until)
      await markAnnouncementsRead(memberId, sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${m.id})`);
    return { ...toMessage(m, until), read: true };
  }
  if (!memberId) throw new ApiError(CODES.notLoggedIn);
  if (m.memberId !== memberId) throw notFound(SERVER_MSG.messageNotFound);
  if (!m.readAt)
    await db
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.id, m.id), isNull(messages.readAt)));
  return { ...toMessage(m, new Date(0)), read: true };
}

/** POST /v1/messages/read_all: everything read. Writes only what was unread. */
export async function readAll(memberId: number, now = new Date()): Promise<{ count: 0 }> {
  await getDb()
    .update(messages)
    .set({ readAt: now })
    .where(and(eq(messages.memberId, memberId), isNull(messages.readAt)));
  const [newer] = await getDb()
    .select({ n: count() })
    .from(messages)
    .where(and(isNull(messages.memberId), gt(messages.createdAt, readUntilSql(memberId))));
  if (newer?.n)
    await markAnnouncementsRead(
      memberId,
      sql`greatest(${now}::timestamptz, (select max(${messages.createdAt}) from ${messages} where ${messages.memberId} is null))`,
    );
  return { count: 0 };
}
