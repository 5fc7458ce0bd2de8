// The orders page's reconciliation section (docs/reconciliation.md "In the console"): the latest runs, the open
// differences with their amounts, the resolve form for those who may refund, and a resolved line gone from the list.
import { renderToStaticMarkup } from 'react-dom/server';
import { useTestDatabase } from './db';
import { getDb } from '@/lib/server/db/client';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { can } from '@/lib/server/staff/roles';
import type { RealProvider } from '@/lib/server/wallet/payments/contract';
import { reconcileDay } from '@/lib/server/wallet/reconciliation/run';
import { openDifferences, resolveDifference } from '@/lib/server/wallet/reconciliation/staff';
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
  expect(listed).toContain('alipay 2026-11-20：已完成，账单 1 笔，我方 0 笔，差异 1 项');
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
