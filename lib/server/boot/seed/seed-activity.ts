import 'server-only';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { businessMonthStartOf } from '@/lib/shared/business-time';
import { withDb, type Tx } from '../../db/client';
import { chapters, gifts, novels, products } from '../../db/schema';
import { createMember } from '../../accounts/members';
import { addFavorite } from '../../reading/favorites';
import { recordReadLog } from '../../reading/readlogs';
import { createOrder } from '../../wallet/orders';
import { handlePaymentNotification } from '../../wallet/notifications';
import { signSandboxNotification } from '../../wallet/payments/sandbox';
import { buyChapter } from '../../wallet/purchases';
import { liveTickets } from '../../wallet/tickets';
import { sendTip } from '../../wallet/tips';
import { castVote } from '../../wallet/votes';
import type { CatalogPlan, NovelPlan } from './catalog-plan';
import { createRng, type Rng } from './random';
import { SEED_ACTIVITY } from './seed-constants';

const DAY_MS = 86_400_000;
/** How many demo readers the seed runs through the services, by language (zh, ug, bo). */
export const SIM_READERS = { 1: 28, 0: 8, 2: 4 } as const;
/** members.channel_id of every simulated reader. */
export const SIM_CHANNEL = 'seed';
/** The fixtures 1–6 that tests rely on are left untouched: no simulated reader buys, tips, reads or shelves them. */
const FIRST_SIMULATED_NOVEL = 7;

const NICK_A = ['夜读', '追更', '书海', '墨香', '听雨', '星河', '青灯', '半夏', '南风', '北辰', '清欢', '长安'];
const NICK_B = ['的猫', '少年', '旅人', '书虫', '先生', '小姐', '过客', '居士'];

export interface SimulatedReader {
  memberId: number;
  languageType: 0 | 1 | 2;
  /** The reader's one busy day, this many days before the seed ran: their rows are dated to it. */
  daysAgo: number;
}

/** A popularity-skewed pick: the square of a uniform index favours the head, so rankings get a clear top. */
function skewedPick<T>(rng: Rng, sorted: readonly T[]): T {
  return sorted[Math.floor(sorted.length * rng.next() ** 2)]!;
}

/** The novels one reader takes up: mostly their preferred gender's, more often the popular ones. */
function chooseNovels(rng: Rng, pool: NovelPlan[], count: number): NovelPlan[] {
  const gender = rng.chance(0.55) ? 1 : 2;
  const liked = pool.filter((n) => n.gender === gender);
  const from = liked.length >= 3 && rng.chance(0.8) ? liked : pool;
  const picked = new Map<number, NovelPlan>();
  for (let i = 0; i < count * 3 && picked.size < count; i++) {
    const n = skewedPick(rng, from);
    picked.set(n.id, n);
  }
  return [...picked.values()];
}

/**
 * Demo readers who do what readers do, through the real services (docs/rankings.md "The seed's readers"): recharge
 * through an order the sandbox pays, read and listen (read logs), shelve novels, buy the first paid chapters, send
 * gifts and cast the vote tickets their spending earned. The rankings, fan lists and the competition leaderboard
 * that follow are earned from these rows, not written by the seed. Deterministic: the same seed gives the same
 * readers and the same choices.
 */
export async function seedActivity(db: Tx, plan: CatalogPlan, now: Date): Promise<SimulatedReader[]> {
  const rng = createRng(SEED_ACTIVITY);
  const shelf = plan.novels.filter((n) => !n.isOffShelf && n.id >= FIRST_SIMULATED_NOVEL);
  const byLang = (lt: number) => shelf.filter((n) => n.languageType === lt).sort((a, b) => b.popularity - a.popularity);
  const recharge = await db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(and(eq(products.productType, 'recharge'), isNull(products.dailyQuota), lte(products.price, 5000)));
  const paidGifts = await db
    .select({ id: gifts.id, wealth: gifts.wealth, languageType: gifts.languageType })
    .from(gifts)
    .where(and(eq(gifts.isFree, false), lte(gifts.wealth, 100)));
  // Every novel's first chapter and its first paid ones, in two queries.
  const first = new Map((await db.select({ id: novels.id, chapter: novels.firstArticleId }).from(novels)).map((n) => [n.id, n.chapter]));
  const firstPaid = new Map<number, number[]>();
  const paidRows = await db
    .select({ id: chapters.id, novelId: chapters.novelId })
    .from(chapters)
    .where(and(eq(chapters.isFree, false), lte(chapters.idx, 13)))
    .orderBy(chapters.id);
  for (const r of paidRows) firstPaid.set(r.novelId, [...(firstPaid.get(r.novelId) ?? []), r.id]);
  // Busy days stay inside this calendar month (Asia/Shanghai), where the tickets earned by the spending belong.
  const maxDaysAgo = Math.min(29, Math.floor((now.getTime() - businessMonthStartOf(now).getTime()) / DAY_MS));

  const readers: SimulatedReader[] = [];
  return withDb(db, async () => {
    for (const languageType of [1, 0, 2] as const) {
      const pool = byLang(languageType);
      for (let i = 0; i < SIM_READERS[languageType]; i++) {
        const member = await createMember(db, {
          nickname: `${rng.pick(NICK_A)}${rng.pick(NICK_B)}${readers.length + 1}`,
          languageType,
          // Marks the demo readers, so a test (or an analyst) can tell them from real members.
          channelId: SIM_CHANNEL,
          createdAt: new Date(now.getTime() - 90 * DAY_MS),
        });
        const reader = { memberId: member.id, languageType, daysAgo: rng.int(0, maxDaysAgo) };
        readers.push(reader);
        const picks = chooseNovels(rng, pool, rng.int(2, 4));
        // Two readers in five pay: one recharge order, paid through the sandbox like a real payment. (A paid call
        // costs 20–40 ms on PGlite and every seeding test file pays for it: the counts keep the readers near 1.5 s.)
        const payer = rng.chance(0.4);
        if (payer) {
          const product = rng.pick(recharge);
          const order = await createOrder(member.id, product.id, {}, now);
          await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price), now);
        }
        for (const novel of picks) {
          const paid = novel.saleMode === 'chapter' ? (firstPaid.get(novel.id) ?? []) : [];
          const bought = payer ? paid.slice(0, rng.int(0, Math.min(1, paid.length))) : [];
          for (const chapter of bought) await buyChapter(member.id, novel.id, chapter, undefined, now);
          const at = bought.at(-1) ?? first.get(novel.id);
          const readAt = new Date(now.getTime() - reader.daysAgo * DAY_MS - rng.int(0, 20) * 3_600_000);
          if (at) await recordReadLog(member.id, { article_id: at, read_type: 1 }, readAt);
          if (novel.hasTts && at && rng.chance(0.3)) await recordReadLog(member.id, { article_id: at, read_type: 2 }, readAt);
          if (rng.chance(0.4)) await addFavorite(member.id, novel.id, 1);
        }
        if (!payer) continue;
        // A payer tips the book they liked best; coins spent this month earn vote tickets, which they cast for it.
        const favourite = picks[0]!;
        const gift = rng.pick(paidGifts.filter((g) => g.languageType === languageType));
        await sendTip(member.id, favourite.id, { giftId: gift.id, amount: rng.int(1, 3), scene: 'novel' }, undefined, now);
        const tickets = await liveTickets(member.id, now);
        if (tickets > 0) await castVote(member.id, favourite.id, Math.min(tickets, rng.int(1, 3)), undefined, now);
      }
    }
    await backdate(db, readers);
    return readers;
  });
}

/**
 * The services stamp rows with the time they ran; each simulated reader's shelf adds, orders, purchases, gifts and
 * their ledger movements move back to the reader's busy day (within this month), so the 7-day and 30-day rankings
 * differ as they would. Votes and ticket movements keep their time: 月票 count this month anyway.
 */
async function backdate(db: Tx, readers: SimulatedReader[]): Promise<void> {
  if (!readers.length) return;
  const shifts = sql.join(
    readers.map((r) => sql`(${r.memberId}::int, ${r.daysAgo}::int)`),
    sql`, `,
  );
  const shift = (table: string, columns: string[], also = sql``) =>
    db.execute(sql`
      update ${sql.raw(table)} x set ${sql.raw(columns.map((c) => `${c} = x.${c} - make_interval(days => m.days)`).join(', '))}
      from (values ${shifts}) m(member_id, days) where x.member_id = m.member_id ${also}`);
  await shift('favorites', ['created_at', 'updated_at']);
  await shift('orders', ['created_at', 'expires_at', 'paid_at']);
  await shift('chapter_unlocks', ['created_at']);
  await shift('tips', ['created_at']);
  await shift('voucher_lots', ['created_at', 'expires_at']);
  await shift('ledger_transactions', ['created_at'], sql`and x.kind not in ('vote', 'ticket_grant', 'ticket_expiry')`);
}
