import 'server-only';
import { and, desc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { ConsumeRecord, Paged } from '@/lib/shared/dto/wallet-records';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { CONSUME_TEXT } from '@/lib/shared/wallet-text';
import { getDb } from '../db/client';
import { chapters, ledgerEntries, ledgerTransactions, novels, walletAccounts } from '../db/schema';
import { sweepMemberLots } from './voucher-lots';

const REFERENCE = /^(chapter|novel):(\d{1,10})$/;

type Target = { novelId: number | null; chapterId: number | null; novelTitle: string | null; idx: number | null };

function titleOf(kind: string, t: Target): string {
  const novel = t.novelTitle;
  switch (kind) {
    case 'chapter_purchase':
      return novel && t.idx !== null ? CONSUME_TEXT.chapter(novel, t.idx) : CONSUME_TEXT.chapterMissing;
    case 'book_purchase':
      return novel ? CONSUME_TEXT.wholeBook(novel) : CONSUME_TEXT.bookMissing;
    case 'tip':
      return novel ? CONSUME_TEXT.tip(novel) : CONSUME_TEXT.tipMissing;
    case 'vote':
      return novel ? CONSUME_TEXT.vote(novel) : CONSUME_TEXT.voteMissing;
    case 'expiry':
      return CONSUME_TEXT.expiry;
    case 'refund':
      return CONSUME_TEXT.refund;
    default:
      return novel ? CONSUME_TEXT.otherOnNovel(novel) : CONSUME_TEXT.other;
  }
}

/** Novel and chapter named by movements' references (`chapter:{id}`, `novel:{id}`), looked up in two queries per page. */
async function resolveTargets(references: Array<string | null>): Promise<Map<string, Target>> {
  const chapterIds = new Set<number>();
  const novelIds = new Set<number>();
  for (const ref of references) {
    const m = ref ? REFERENCE.exec(ref) : null;
    if (m) (m[1] === 'chapter' ? chapterIds : novelIds).add(Number(m[2]));
  }
  const db = getDb();
  const [chapterRows, novelRows] = await Promise.all([
    chapterIds.size
      ? db
          .select({ id: chapters.id, idx: chapters.idx, novelId: chapters.novelId, title: novels.title })
          .from(chapters)
          .innerJoin(novels, eq(novels.id, chapters.novelId))
          .where(inArray(chapters.id, [...chapterIds]))
      : [],
    novelIds.size
      ? db
          .select({ id: novels.id, title: novels.title })
          .from(novels)
          .where(inArray(novels.id, [...novelIds]))
      : [],
  ]);
  const targets = new Map<string, Target>();
  for (const c of chapterRows) targets.set(`chapter:${c.id}`, { novelId: c.novelId, chapterId: c.id, novelTitle: c.title, idx: c.idx });
  for (const n of novelRows) targets.set(`novel:${n.id}`, { novelId: n.id, chapterId: null, novelTitle: n.title, idx: null });
  return targets;
}

/**
 * GET /v1/my/consumes: what the member's coins and vouchers went on, newest first. A record is any movement of
 * theirs that took from a member account (purchases, tips, votes, vouchers lost to expiry…), so kinds added
 * later show up without a change here; a merge only moves money between the member's own accounts and is left out.
 * Tickets are not money: votes and lapsed tickets are left out (they are listed by /v1/my/tickets).
 * Amounts come from the entries, so a guest's history folded into this account keeps its amounts.
 */
export async function listConsumes(memberId: number, start: number, limit: number, now = new Date()): Promise<Paged<ConsumeRecord>> {
  // Vouchers that lapsed since the last sweep appear as their 书券过期 record right away.
  await sweepMemberLots(memberId, now);
  const t = ledgerTransactions;
  const e = ledgerEntries;
  const taken = (currency: string) =>
    sql<number>`coalesce(sum(-${e.amount}) filter (where ${e.currency} = ${currency}), 0)`.mapWith(Number);
  const rows = await getDb()
    .select({
      id: t.id,
      kind: t.kind,
      reference: t.reference,
      createdAt: t.createdAt,
      welth: taken('welth'),
      welthCoupon: taken('welth_coupon'),
    })
    .from(t)
    .innerJoin(e, and(eq(e.txId, t.id), lt(e.amount, 0), ne(e.currency, 'ticket')))
    .innerJoin(walletAccounts, and(eq(walletAccounts.id, e.accountId), isNotNull(walletAccounts.memberId)))
    .where(and(eq(t.memberId, memberId), ne(t.kind, 'merge')))
    .groupBy(t.id)
    .orderBy(desc(t.createdAt), desc(t.id))
    .offset(start)
    .limit(limit);
  const targets = await resolveTargets(rows.map((r) => r.reference));
  const none: Target = { novelId: null, chapterId: null, novelTitle: null, idx: null };
  const data = rows.map((r): ConsumeRecord => {
    const target = (r.reference && targets.get(r.reference)) || none;
    return {
      id: r.id,
      kind: r.kind,
      title: titleOf(r.kind, target),
      novel_id: target.novelId,
      chapter_id: target.chapterId,
      welth: r.welth,
      welth_coupon: r.welthCoupon,
      created_at: formatBusinessTime(r.createdAt),
    };
  });
  return { data, hasmore: data.length >= limit };
}
