import 'server-only';
import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { getDb } from '../db/client';
import {
  activityDays,
  bookEntitlements,
  chapterUnlocks,
  chapters,
  comments,
  guardianConsents,
  ledgerEntries,
  ledgerTransactions,
  members,
  novels,
  orders,
  products,
  readLogs,
  reports,
  sessions,
  walletAccounts,
} from '../db/schema';
import { activeBlock } from '../accounts/current-member';
import { ADULT_AGE, ageOn } from '../wallet/minors';
import { ApiError, notFound } from '../core/errors';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { getBalance } from '../wallet/accounts';
import { getPeriodState } from '../wallet/vip';
import { maskPhone } from './lookup';

/**
 * A member's page in the console (docs/members.md "Member page"): everything staff need to answer a member about
 * their account and money, read-only except session revocation. Phones are masked; the whole number is a separate,
 * audited read (revealPhone).
 */

export const LEDGER_PAGE_SIZE = 20;
const LIST = 20;

/** The member's movements, newest first, with what each moved on their own coin and voucher accounts. */
async function ledgerPage(memberId: number, page: number) {
  const rows = await getDb()
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      createdAt: ledgerTransactions.createdAt,
      welth: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.currency} = 'welth'), 0)`.mapWith(Number),
      welthCoupon: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.currency} = 'welth_coupon'), 0)`.mapWith(
        Number,
      ),
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.txId, ledgerTransactions.id))
    .innerJoin(walletAccounts, and(eq(walletAccounts.id, ledgerEntries.accountId), eq(walletAccounts.memberId, memberId)))
    .where(eq(ledgerTransactions.memberId, memberId))
    .groupBy(ledgerTransactions.id)
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
    .limit(LEDGER_PAGE_SIZE + 1)
    .offset((page - 1) * LEDGER_PAGE_SIZE);
  return { rows: rows.slice(0, LEDGER_PAGE_SIZE), hasMore: rows.length > LEDGER_PAGE_SIZE };
}

export async function memberDetail(actor: StaffActor, memberId: number, opts: { ledgerPage?: number } = {}, now = new Date()) {
  assertCan(actor, 'members:view');
  const db = getDb();
  const [m] = await db.select().from(members).where(eq(members.id, memberId));
  if (!m) return null;
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const [
    sessionRows,
    consents,
    balance,
    ledger,
    orderRows,
    unlocks,
    books,
    reading,
    activity,
    commentRows,
    reportsBy,
    reportsAbout,
    vip,
    drama,
    adFree,
  ] = await Promise.all([
    db
      .select({
        id: sessions.id,
        via: sessions.via,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.memberId, memberId))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(LIST),
    db.select().from(guardianConsents).where(eq(guardianConsents.memberId, memberId)).orderBy(desc(guardianConsents.id)),
    getBalance(memberId),
    ledgerPage(memberId, Math.max(1, opts.ledgerPage ?? 1)),
    db
      .select({ id: orders.id, status: orders.status, price: orders.price, product: products.name, createdAt: orders.createdAt })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.memberId, memberId))
      .orderBy(desc(orders.id))
      .limit(LIST),
    db
      .select({
        id: chapterUnlocks.id,
        price: chapterUnlocks.price,
        createdAt: chapterUnlocks.createdAt,
        novel: novels.title,
        idx: chapters.idx,
      })
      .from(chapterUnlocks)
      .innerJoin(chapters, eq(chapters.id, chapterUnlocks.chapterId))
      .innerJoin(novels, eq(novels.id, chapterUnlocks.novelId))
      .where(eq(chapterUnlocks.memberId, memberId))
      .orderBy(desc(chapterUnlocks.id))
      .limit(LIST),
    db
      .select({ id: bookEntitlements.id, price: bookEntitlements.price, createdAt: bookEntitlements.createdAt, novel: novels.title })
      .from(bookEntitlements)
      .innerJoin(novels, eq(novels.id, bookEntitlements.novelId))
      .where(eq(bookEntitlements.memberId, memberId))
      .orderBy(desc(bookEntitlements.id))
      .limit(LIST),
    db
      .select({ id: readLogs.id, readType: readLogs.readType, readAt: readLogs.readAt, novel: novels.title, idx: chapters.idx })
      .from(readLogs)
      .innerJoin(novels, eq(novels.id, readLogs.novelId))
      .innerJoin(chapters, eq(chapters.id, readLogs.articleId))
      .where(eq(readLogs.memberId, memberId))
      .orderBy(desc(readLogs.readAt))
      .limit(LIST),
    db
      .select({
        read: sql<number>`coalesce(sum(${activityDays.readSeconds}), 0)`.mapWith(Number),
        listen: sql<number>`coalesce(sum(${activityDays.listenSeconds}), 0)`.mapWith(Number),
      })
      .from(activityDays)
      .where(and(eq(activityDays.memberId, memberId), gte(activityDays.day, since))),
    db
      .select({ id: comments.id, content: comments.content, status: comments.status, createdAt: comments.createdAt, novel: novels.title })
      .from(comments)
      .innerJoin(novels, eq(novels.id, comments.novelId))
      .where(eq(comments.memberId, memberId))
      .orderBy(desc(comments.id))
      .limit(LIST),
    db.select().from(reports).where(eq(reports.memberId, memberId)).orderBy(desc(reports.id)).limit(LIST),
    // Reports about them: of the member, or of one of their comments.
    db
      .select()
      .from(reports)
      .where(
        or(
          and(eq(reports.targetType, 'member'), eq(reports.targetId, memberId)),
          and(
            eq(reports.targetType, 'comment'),
            sql`${reports.targetId} in (select id from ${comments} where ${comments.memberId} = ${memberId})`,
          ),
        ),
      )
      .orderBy(desc(reports.id))
      .limit(LIST),
    getPeriodState(memberId, 'vip', db, now),
    getPeriodState(memberId, 'short_drama', db, now),
    getPeriodState(memberId, 'ad_free', db, now),
  ]);
  const age = m.birthDate ? ageOn(m.birthDate, now) : null;
  return {
    profile: {
      id: m.id,
      nickname: m.nickname,
      phone: maskPhone(m.phone),
      hasPhone: Boolean(m.phone),
      isGuest: m.isGuest,
      languageType: m.languageType,
      channelId: m.channelId,
      mergedIntoId: m.mergedIntoId,
      createdAt: m.createdAt,
    },
    block: activeBlock(m.blockId, m.blockedUntil, now),
    minor: {
      birthDate: m.birthDate,
      age,
      isMinor: age !== null && age < ADULT_AGE,
      consents: consents.map((c) => ({
        id: c.id,
        relation: c.relation,
        guardianName: c.guardianName,
        createdAt: c.createdAt,
        revokedAt: c.revokedAt,
      })),
      consentInForce: consents.some((c) => c.revokedAt === null),
    },
    sessions: sessionRows.map((s) => ({ ...s, live: s.revokedAt === null && s.expiresAt > now })),
    balance,
    periods: { vip, short_drama: drama, ad_free: adFree },
    ledger,
    orders: orderRows,
    unlocks,
    books,
    reading,
    last30: { readMinutes: Math.round((activity[0]?.read ?? 0) / 60), listenMinutes: Math.round((activity[0]?.listen ?? 0) / 60) },
    comments: commentRows,
    reportsBy,
    reportsAbout,
  };
}

/** The whole phone number, for admins only; every look is in the audit log (member.phone_view). */
export async function revealPhone(actor: StaffActor, memberId: number): Promise<string | null> {
  assertCan(actor, 'members:phone');
  return getDb().transaction(async (tx) => {
    const [m] = await tx.select({ phone: members.phone }).from(members).where(eq(members.id, memberId));
    if (!m) throw notFound(MONEY_TEXT.errors.memberMissing);
    await writeAudit(tx, { staffId: actor.id, action: 'member.phone_view', targetType: 'member', targetId: memberId, ip: actor.ip });
    return m.phone;
  });
}

/** Signs one of the member's sessions out (a lost phone, a shared device). The session must be theirs and live. */
export async function revokeMemberSession(actor: StaffActor, memberId: number, sessionId: number, now = new Date()): Promise<void> {
  assertCan(actor, 'members');
  await getDb().transaction(async (t) => {
    const [s] = await t
      .select({ id: sessions.id, via: sessions.via, expiresAt: sessions.expiresAt })
      .from(sessions)
      // The member id is part of the match: a forged session id of someone else's is "missing", not revoked.
      .where(and(eq(sessions.id, sessionId), eq(sessions.memberId, memberId), isNull(sessions.revokedAt)))
      .for('update');
    if (!s || s.expiresAt <= now) throw new ApiError(CODES.notFound, MONEY_TEXT.errors.sessionMissing);
    await t.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, s.id));
    await writeAudit(t, {
      staffId: actor.id,
      action: 'member.session_revoke',
      targetType: 'member',
      targetId: memberId,
      ip: actor.ip,
      detail: { session_id: s.id, via: s.via, before: { revoked_at: null }, after: { revoked_at: now.toISOString() } },
    });
  });
}
