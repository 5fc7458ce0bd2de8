import 'server-only';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * One section of a member's data export (docs/account-cancellation.md "Data export"): a file `{name}.json` in the
 * ZIP. Every query is scoped by the member's id, and the ledger section reads only legs on the member's own
 * accounts, so nothing of another member can reach the file. A new kind of record (consent records, say) is one more
 * line here.
 */
export interface ExportSection {
  name: string;
  read: (db: DbOrTx, memberId: number) => Promise<Record<string, unknown>[]>;
}

type Row = Record<string, unknown>;

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    name: 'profile',
    read: (db, id) =>
      rowsOf<Row>(
        db,
        sql`select id as member_id, phone, nickname, avatar, language_type, is_guest, birth_date, created_at,
          (select coalesce(jsonb_agg(jsonb_build_object('provider', provider, 'since', created_at) order by id), '[]'::jsonb)
             from oauth_identities where member_id = ${id}) as third_party_accounts
        from members where id = ${id}`,
      ),
  },
  {
    name: 'orders',
    read: (db, id) =>
      rowsOf<Row>(
        db,
        sql`select o.id as order_id, p.name as product, p.product_type, o.status, o.price as price_cents, o.discount as discount_cents,
          o.provider, o.created_at, o.paid_at, o.closed_at
        from orders o left join products p on p.id = o.product_id where o.member_id = ${id} order by o.created_at, o.id`,
      ),
  },
  {
    name: 'ledger',
    read: (db, id) =>
      rowsOf<Row>(
        db,
        sql`select t.id as movement_id, t.kind, t.reference, t.created_at, e.currency, e.amount
        from ledger_entries e join wallet_accounts a on a.id = e.account_id and a.member_id = ${id}
        join ledger_transactions t on t.id = e.tx_id order by t.created_at, t.id, e.id`,
      ),
  },
  {
    name: 'unlocks',
    read: (db, id) =>
      rowsOf<Row>(
        db,
        sql`select 'chapter' as kind, u.novel_id, n.title as novel, u.chapter_id, c.title as chapter, u.price, u.created_at
          from chapter_unlocks u left join novels n on n.id = u.novel_id left join chapters c on c.id = u.chapter_id where u.member_id = ${id}
        union all
        select 'book', b.novel_id, n.title, null, null, b.price, b.created_at
          from book_entitlements b left join novels n on n.id = b.novel_id where b.member_id = ${id}
        order by created_at`,
      ),
  },
  {
    name: 'shelf',
    read: (db, id) =>
      rowsOf<Row>(
        db,
        sql`select f.novel_id, n.title as novel, f.read_type, f.created_at, f.updated_at
        from favorites f left join novels n on n.id = f.novel_id where f.member_id = ${id} order by f.updated_at desc`,
      ),
  },
  {
    name: 'history',
    read: (db, id) =>
      rowsOf<Row>(
        db,
        sql`select r.novel_id, n.title as novel, r.article_id as chapter_id, r.read_type, r.read_at
        from read_logs r left join novels n on n.id = r.novel_id where r.member_id = ${id} order by r.read_at desc`,
      ),
  },
  {
    name: 'comments',
    read: (db, id) =>
      rowsOf<Row>(
        db,
        sql`select c.id as comment_id, c.novel_id, n.title as novel, c.chapter_id, c.type, c.content, c.status, c.likes, c.created_at
        from comments c left join novels n on n.id = c.novel_id where c.member_id = ${id} order by c.created_at, c.id`,
      ),
  },
  {
    name: 'guardian_consents',
    read: (db, id) =>
      rowsOf<Row>(
        db,
        sql`select guardian_name, guardian_phone, relation, created_at, revoked_at from guardian_consents where member_id = ${id} order by id`,
      ),
  },
  {
    name: 'agreement_consents',
    read: (db, id) =>
      rowsOf<Row>(
        db,
        sql`select kind, version, channel, ip, agreed_at from member_consents where member_id = ${id} order by agreed_at, id`,
      ),
  },
];
