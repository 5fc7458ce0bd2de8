import { renderToStaticMarkup } from 'react-dom/server';
import { useTestDatabase } from '@/test/db';
import { getDb, type Tx } from '@/lib/server/db/client';
import { authors, categories, chapters, members, novels } from '@/lib/server/db/schema';
import { can } from '@/lib/server/core/roles';
import { financeMonthParam } from '@/lib/server/staff/finance';
import { ensureSystemAccount } from '@/lib/server/wallet/accounts';
import { businessMonthOf } from '@/lib/shared/business-time';
import { credit } from '@/lib/server/wallet/credit';
import { postMovement } from '@/lib/server/wallet/ledger';
import { buyChapter } from '@/lib/server/wallet/purchases';
import FinancePage from '@/app/admin/finance/page';

// The finance page (docs/console.md "Finance"): revenue per novel and author for a month, the month's check that
// revenue equals what readers paid, the whole-ledger audit's revenue checks on demand; finance and admin roles only.
const asked: string[] = [];
jest.mock('@/lib/server/staff/page-session', () => ({
  requireStaff: async (permission: Parameters<typeof can>[1]) => {
    asked.push(permission);
    return {
      id: 1,
      username: 'fin',
      displayName: '财务小李',
      role: 'finance',
      actor: { id: 1, role: 'finance', ip: '' },
      can: (p: Parameters<typeof can>[1]) => can('finance', p),
    };
  },
}));

useTestDatabase();

const render = async (query: Record<string, string> = {}) =>
  renderToStaticMarkup(await FinancePage({ searchParams: Promise.resolve(query) })).replace(/<!-- -->/g, '');

let novelId = 0;
let readerId = 0;

beforeAll(async () => {
  const d = getDb();
  const [author] = await d.insert(authors).values({ name: '墨香作者' }).returning({ id: authors.id });
  const [cat] = await d.insert(categories).values({ name: '玄幻', gender: 1 }).returning({ id: categories.id });
  const [novel] = await d
    .insert(novels)
    .values({ title: '<i>剑来</i>', authorId: author!.id, categoryId: cat!.id, thumb: '' })
    .returning({ id: novels.id });
  novelId = novel!.id;
  const [chapter] = await d
    .insert(chapters)
    .values({ novelId, idx: 1, title: '第一章', content: '……', wordCount: 2, isFree: false, price: 30 })
    .returning({ id: chapters.id });
  const [reader] = await d.insert(members).values({}).returning({ id: members.id });
  readerId = reader!.id;
  await d.transaction(async (tx) => {
    await credit(tx as unknown as Tx, readerId, { kind: 'test_grant', source: 'bonus', welth: 100 });
  });
  await buyChapter(readerId, novelId, chapter!.id);
});

it('is for finance and admin only', async () => {
  await render();
  expect(asked.at(-1)).toBe('finance');
  expect(can('finance', 'finance')).toBe(true);
  expect(can('admin', 'finance')).toBe(true);
  expect(can('moderator', 'finance')).toBe(false);
  expect(can('editor', 'finance')).toBe(false);
});

it('shows the month revenue per author and novel, the totals and a balanced month check', async () => {
  const html = await render();
  const month = businessMonthOf(new Date());
  expect(html).toMatch(new RegExp(`<input type="month" max="${month}" required="" name="month" value="${month}"/>`));
  expect(html).toContain('<a href="/admin/finance" aria-current="page">财务</a>');
  expect(html).not.toContain('href="/admin/staff"');
  expect(html).toMatch(/data-testid="finance-revenue">作品营收（书币）<b>30<\/b>/);
  expect(html).toMatch(/data-testid="finance-spent">读者为作品支付（书币）<b>30<\/b>/);
  expect(html).toContain('对账一致：营收 = 读者支付');
  expect(html).toMatch(/data-testid="finance-authors">.*<td>墨香作者<\/td><td class="num">1<\/td><td class="num">30<\/td>/);
  // Titles are text, never markup.
  expect(html).toContain(`#${novelId} &lt;i&gt;剑来&lt;/i&gt;`);
  expect(html).toMatch(
    /data-testid="finance-novels">.*<td class="num">30<\/td><td class="num">0<\/td><td class="num">0<\/td><td class="num">30<\/td>/,
  );
  expect(html).toContain(`href="/admin/finance?month=${month}&amp;audit=1"`);
});

it('runs the whole-ledger revenue checks on demand', async () => {
  const html = await render({ audit: '1' });
  expect(html).toContain('data-testid="finance-audit">全账审计：营收项无异常');
});

it('an earlier month is empty and offers the next one; a malformed or future month falls back to this month', async () => {
  const html = await render({ month: '2020-01' });
  expect(html).toContain('本月暂无作品营收。');
  expect(html).toContain('href="/admin/finance?month=2020-02"');
  expect(html).toContain('href="/admin/finance?month=2019-12"');
  const now = businessMonthOf(new Date());
  for (const bad of ['2020-13', '2020-1', 'x', '9999-12', "2020-01' or 1=1"]) expect(financeMonthParam(bad)).toBe(now);
  expect(await render({ month: '9999-12' })).toContain(`value="${now}"`);
});

it('coins put on a revenue account by anything but a reader payment break the month check and the audit', async () => {
  await getDb().transaction(async (tx) => {
    const t = tx as unknown as Tx;
    await postMovement(t, {
      kind: 'reward',
      memberId: null,
      legs: [
        { accountId: await ensureSystemAccount(t, 'bonus', 'welth'), currency: 'welth', amount: -7 },
        { accountId: await ensureSystemAccount(t, `revenue:novel:${novelId}`, 'welth'), currency: 'welth', amount: 7 },
      ],
    });
  });
  const html = await render({ audit: '1' });
  expect(html).toContain('对账不一致：营收 37 ≠ 读者支付 30');
  expect(html).toMatch(/data-testid="finance-audit">全账审计：营收项发现 \d+ 处异常/);
  expect(html).toContain('novel_spend_not_to_revenue');
});
