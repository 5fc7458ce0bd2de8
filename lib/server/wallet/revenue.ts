import 'server-only';
import { sql } from 'drizzle-orm';
import type { AuthorRevenue, NovelRevenue, RevenueReport } from '@/lib/shared/dto/rewards';
import { getDb, type DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { businessMonthBounds, businessMonthOf } from '@/lib/shared/business-time';

/**
 * The finance view (docs/wallet.md "Revenue by novel"): coins that landed on each novel's revenue account in a
 * calendar month (Asia/Shanghai), split by what was bought — chapters, whole books, gifts — and summed per author.
 * Read straight from the ledger: the entries on `revenue:novel:{id}` joined to their movements' time.
 */
export async function revenueByMonth(month = businessMonthOf(new Date()), db: DbOrTx = getDb()): Promise<RevenueReport> {
  const { start, end } = businessMonthBounds(month);
  const rows = await rowsOf<Record<string, string | number>>(
    db,
    sql`
    select n.id as novel_id, n.title, au.id as author_id, au.name as author,
      sum(e.amount)::bigint as coins,
      coalesce(sum(e.amount) filter (where t.kind = 'chapter_purchase'), 0)::bigint as chapter,
      coalesce(sum(e.amount) filter (where t.kind = 'book_purchase'), 0)::bigint as book,
      coalesce(sum(e.amount) filter (where t.kind = 'tip'), 0)::bigint as gift
    from wallet_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_transactions t on t.id = e.tx_id and t.created_at >= ${start.toISOString()} and t.created_at < ${end.toISOString()}
    join novels n on n.id = substring(a.system_name from 15)::int
    join authors au on au.id = n.author_id
    where a.system_name like 'revenue:novel:%' and a.currency = 'welth'
    group by n.id, n.title, au.id, au.name
    order by coins desc, n.id`,
  );
  const novels: NovelRevenue[] = rows.map((r) => ({
    novel_id: Number(r.novel_id),
    title: String(r.title),
    author_id: Number(r.author_id),
    author: String(r.author),
    coins: Number(r.coins),
    chapter: Number(r.chapter),
    book: Number(r.book),
    gift: Number(r.gift),
  }));
  const byAuthor = new Map<number, AuthorRevenue>();
  for (const n of novels) {
    const a = byAuthor.get(n.author_id) ?? { author_id: n.author_id, author: n.author, coins: 0, novels: 0 };
    a.coins += n.coins;
    a.novels += 1;
    byAuthor.set(n.author_id, a);
  }
  const authors = [...byAuthor.values()].sort((a, b) => b.coins - a.coins || a.author_id - b.author_id);
  return {
    month,
    from: start.toISOString(),
    to: end.toISOString(),
    coins: novels.reduce((s, n) => s + n.coins, 0),
    novels,
    authors,
  };
}
