// The orders page's reconciliation section (docs/reconciliation.md "In the console"): the latest runs with the
// providers' Chinese names, a failed day's reason as a sentence, the open differences with their amounts, the resolve
// form for those who may refund, and a resolved line gone from the list.
import { renderToStaticMarkup } from 'react-dom/server';
import { useTestDatabase } from './db';
import { getDb } from '@/lib/server/db/client';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { can } from '@/lib/server/core/roles';
import type { RealProvider } from '@/lib/server/wallet/payments/contract';
import { reconcileDay } from '@/lib/server/wallet/reconciliation/run';
import { openDifferences, resolveDifference } from '@/lib/server/wallet/reconciliation/staff';
import { WechatPayError } from '@/lib/server/wallet/payments/wechat/client';
import { paymentReconciliations } from '@/lib/server/db/schema';
import { eq } from 'drizzle-orm';
import OrdersPage from '@/app/admin/orders/page';

process.env.LOG_LEVEL = 'error';
const staffIds: Record<string, number> = {};
let role = 'finance';
jest.mock('@/lib/server/staff/page-session', () => ({
  requireStaff: async (permission: Parameters<typeof can>[1]) => {
    if (!can(role, permission)) throw new Error(`redirect: ${role} lacks ${permission}`);
    return {
      id: staffIds[role],
      username: role,
      displayName: role,
      role,
      actor: { id: staffIds[role]!, role, ip: '10.60.0.1' },
      can: (p: Parameters<typeof can>[1]) => can(role, p),
    };
  },
}));

useTestDatabase({ seed: true });
const html = async (el: Promise<React.ReactElement>) => renderToStaticMarkup(await el).replace(/<!-- -->/g, '');
const page = () => html(OrdersPage({ searchParams: Promise.resolve({}) }));

const billOnly = (lines: Awaited<ReturnType<RealProvider['bill']>>) =>
  ({ name: 'alipay', configured: () => true, bill: async () => lines }) as unknown as RealProvider;

beforeAll(async () => {
  staffIds.finance = await createStaffFromCommand(getDb(), { username: 'cr_finance', role: 'finance', password: 'cr_finance-password' });
});

it('says so when nothing was reconciled, then lists a run and its open difference with a resolve form', async () => {
  role = 'finance';
  const empty = await page();
  expect(empty).toContain('还没有对账记录');
  expect(empty).toContain('没有待处理的对账差异');
  // Alipay's bill names an order we never had: money on their side only.
  await reconcileDay(billOnly([{ orderId: 1_999_999_999, tradeNo: '2026112022001400000001', amount: 1234, kind: 'paid' }]), '2026-11-20');
  const listed = await page();
  // Providers by the names staff know them by.
  expect(listed).toContain('支付宝 2026-11-20：已完成，账单 1 笔，我方 0 笔，差异 1 项');
  expect(listed).not.toMatch(/<span>alipay<\/span>/);
  expect(listed).toContain('<span>支付宝</span><span>2026-11-20</span>');
  expect(listed).toContain('#1999999999');
  expect(listed).toContain('渠道有、我方没有');
  expect(listed).toContain('我方 — / 渠道 12.34');
  expect(listed).toContain('action="/admin/actions/reconciliation"');
  const [line] = await openDifferences({ id: staffIds.finance!, role: 'finance', ip: '10.60.0.1' });
  await resolveDifference({ id: staffIds.finance!, role: 'finance', ip: '10.60.0.1' }, line!.id, '他系统订单');
  const after = await page();
  expect(after).not.toContain('#1999999999');
  expect(after).toContain('没有待处理的对账差异');
});

it('a day whose bill would not come says why, in Chinese, with the technical detail underneath', async () => {
  role = 'finance';
  const down = {
    name: 'wechat',
    configured: () => true,
    bill: async () => {
      throw new WechatPayError(0, 'UNREACHABLE');
    },
  } as unknown as RealProvider;
  await reconcileDay(down, '2026-11-21');
  const listed = await page();
  expect(listed).toContain('微信支付 2026-11-21：账单未能取得，将在下一小时重试。原因：');
  expect(listed).toContain(
    'data-testid="reconciliation-failure-wechat-2026-11-21">连不上支付渠道的服务器（网络不通或超时），通常是暂时的，下一小时会自动重试。</span>',
  );
  expect(listed).toContain('<small>技术信息：wechatpay 0 UNREACHABLE</small>');
  expect(listed).toMatch(/class="flash flash-err" data-testid="reconciliation-run-wechat-2026-11-21"/);
  // A run stored before reasons had codes still gets a sentence.
  await getDb()
    .update(paymentReconciliations)
    .set({ error: 'bill download timed out' })
    .where(eq(paymentReconciliations.day, '2026-11-21'));
  expect(await page()).toContain('下载或读取账单时出现未归类的错误');
});

it('moderators and editors do not see the orders page at all', async () => {
  for (const r of ['moderator', 'editor']) {
    role = r;
    await expect(page()).rejects.toThrow(/lacks orders/);
  }
});
