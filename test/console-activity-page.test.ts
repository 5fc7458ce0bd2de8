import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { and, asc, eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { peerHeaders } from '@/test/peer';
import { getDb, type Tx } from '@/lib/server/db/client';
import { configFlags, coupons, prizes, staffAuditLog } from '@/lib/server/db/schema';
import { can } from '@/lib/server/core/roles';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { setLotteryBudget, setMallStock, updatePrize } from '@/lib/server/staff/activity';
import { grantReward } from '@/lib/server/wallet/activity-rewards';
import { drawPrize } from '@/lib/server/activity/lottery';
import { lotteryBudget } from '@/lib/server/activity/lottery-budget';
import { LOTTERY_BUDGET_CONFIG_KEY } from '@/lib/shared/activity';
import ActivityPage from '@/app/admin/activity/page';
import { POST as activityRoute } from '@/app/admin/actions/activity/route';

// The console's activity page (docs/activity-wheel.md "Console"): today's draws and spend per prize against the
// budget; prizes, the budget and the mall's stock edited by admins and editors, each change in the audit log.
const asked: string[] = [];
jest.mock('@/lib/server/staff/page-session', () => ({
  requireStaff: async (permission: Parameters<typeof can>[1]) => {
    asked.push(permission);
    return {
      id: 1,
      username: 'ed',
      displayName: '编辑小王',
      role: 'editor',
      actor: { id: 1, role: 'editor', ip: '' },
      can: (p: Parameters<typeof can>[1]) => can('editor', p),
    };
  },
}));

useTestDatabase({ seed: true });
const d = () => getDb();
const render = async (query: Record<string, string> = {}) =>
  renderToStaticMarkup(await ActivityPage({ searchParams: Promise.resolve(query) })).replace(/<!-- -->/g, '');
const prizeNamed = async (name: string) => (await d().select().from(prizes).where(eq(prizes.name, name)))[0]!;
const couponNamed = async (name: string) => (await d().select().from(coupons).where(eq(coupons.name, name)))[0]!;
const auditOf = (action: string) => d().select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(asc(staffAuditLog.id));

let editorId = 0;
let token = '';
let ipSeq = 0;

beforeAll(async () => {
  editorId = await createStaffFromCommand(d(), { username: 'editor1', role: 'editor', password: 'editor-password-1' });
  token = (await staffSignIn({ username: 'editor1', password: 'editor-password-1', ip: '10.0.0.8' })).session.token;
});

const post = (fields: Record<string, string>, cookie = `staff_token=${token}`) =>
  activityRoute(
    new NextRequest('http://localhost/admin/actions/activity', {
      method: 'POST',
      body: new URLSearchParams({ back: '/admin/activity', ...fields }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie,
        ...peerHeaders(`10.21.0.${++ipSeq}`),
      },
    }),
  );
/** Where the form sent the browser back to, and the flash line it carries. */
const flashOf = (res: Response) => {
  const back = new URL(res.headers.get('location') ?? 'http://x/');
  return `${back.pathname} ${back.searchParams.get('ok') ?? ''}${back.searchParams.get('err') ?? ''}`;
};

it('is for admins and editors: the permission, the navigation link', async () => {
  const html = await render();
  expect(asked.at(-1)).toBe('activity');
  expect(can('admin', 'activity')).toBe(true);
  expect(can('editor', 'activity')).toBe(true);
  expect(can('moderator', 'activity')).toBe(false);
  expect(can('finance', 'activity')).toBe(false);
  expect(html).toContain('<a href="/admin/activity" aria-current="page">活动</a>');
});

it('shows today’s draws, spend against the budget and each prize’s draws and spend, with the published odds', async () => {
  const m = (await d().execute(`insert into members default values returning id`)) as unknown as { rows: Array<{ id: number }> };
  const memberId = m.rows[0]!.id;
  await d().transaction((tx) => grantReward(tx as unknown as Tx, memberId, { type: 'lottery', amount: 3 }, { kind: 'mission', key: 'c' }));
  // Two 50书券 (cost 50 each) and one 谢谢参与 today.
  for (const r of [400, 400, 1290]) await drawPrize(memberId, new Date(), () => r);
  const html = await render();
  expect(html).toMatch(/data-testid="activity-draws">今日抽奖次数<b>3<\/b>/);
  expect(html).toMatch(/data-testid="activity-spent">今日奖品支出（书币等值）<b>100 \/ 50,000<\/b>/);
  expect(html).toMatch(/data-testid="activity-left">今日预算剩余<b>49,900<\/b>/);
  const fifty = await prizeNamed('50书券');
  expect(html).toMatch(new RegExp(`data-testid="prize-${fifty.id}">.*?公示概率 19.36%.*?今日抽中 2.*?今日支出 100`));
  const vip7 = await prizeNamed('7天VIP');
  expect(html).toMatch(new RegExp(`data-testid="prize-${vip7.id}">.*?今日抽中 0 / 50`));
  expect(html).toMatch(new RegExp(`data-testid="prize-${fifty.id}">.*?name="weight"[^>]*value="${fifty.weight}"`));
  const coupon = await couponNamed('满50减10');
  expect(html).toMatch(new RegExp(`data-testid="coupon-${coupon.id}">.*?满50元减10元.*?已领 0 / 500`));
  // Under the default budget every prize can be won; a budget below 365天VIP's cost (29,800) gets it marked.
  expect(html).not.toContain('成本高于每日预算');
  await d().insert(configFlags).values({ key: LOTTERY_BUDGET_CONFIG_KEY, value: 20_000 });
  const big = await prizeNamed('365天VIP');
  const tight = await render();
  expect(tight).toMatch(new RegExp(`data-testid="prize-${big.id}">.*?成本高于每日预算`));
  expect(tight.match(/成本高于每日预算/g)).toHaveLength(1);
  await d().delete(configFlags).where(eq(configFlags.key, LOTTERY_BUDGET_CONFIG_KEY));
  // The signup coupon is listed too, not offered in the mall.
  expect(html).toContain('未发放（已领 0）');
});

it('edits a prize through the form: saved, shown, audited with before and after', async () => {
  const p = await prizeNamed('100书币');
  const res = await post({ op: 'prize', id: String(p.id), weight: '120', daily_stock: '', cost: '90', active: 'on' });
  expect(res.status).toBe(303);
  expect(flashOf(res)).toContain('已保存奖品“100书币”');
  expect(await prizeNamed('100书币')).toMatchObject({ weight: 120, dailyStock: null, cost: 90, active: true });
  const [row] = await auditOf('prize.update');
  expect(row).toMatchObject({ staffId: editorId, targetType: 'prize', targetId: p.id });
  expect(row!.detail).toMatchObject({
    before: { weight: 80, daily_stock: 200, cost: 100 },
    after: { weight: 120, daily_stock: null, cost: 90 },
  });
  // An unticked box takes it off the wheel.
  await post({ op: 'prize', id: String(p.id), weight: '120', daily_stock: '5', cost: '90' });
  expect(await prizeNamed('100书币')).toMatchObject({ active: false, dailyStock: 5 });
  expect(await render()).toMatch(new RegExp(`data-testid="prize-${p.id}">.*?已下架`));
});

it('bad prize input comes back as a Chinese form error and changes nothing', async () => {
  const p = await prizeNamed('10书券');
  const cases: Array<[Record<string, string>, string]> = [
    [{ weight: '-1', cost: '10' }, '权重须为'],
    [{ weight: '1.5', cost: '10' }, '权重须为'],
    [{ weight: '10', cost: 'abc' }, '成本须为'],
    [{ weight: '10', cost: '10', daily_stock: '2000000' }, '每日库存须为'],
    [{ weight: '1234567890123', cost: '10' }, '数字太长'],
  ];
  for (const [fields, message] of cases) {
    const res = await post({ op: 'prize', id: String(p.id), active: 'on', ...fields });
    expect(flashOf(res)).toContain(message);
  }
  expect(flashOf(await post({ op: 'prize', id: '999999', weight: '1', cost: '1', active: 'on' }))).toContain('奖品不存在');
  const fallback = await prizeNamed('谢谢参与');
  expect(flashOf(await post({ op: 'prize', id: String(fallback.id), weight: '300', cost: '0' }))).toContain('不能下架');
  expect(flashOf(await post({ op: 'prize', id: String(fallback.id), weight: '300', cost: '5', active: 'on' }))).toContain('不能下架');
  expect(await prizeNamed('10书券')).toMatchObject({ weight: p.weight, cost: p.cost, dailyStock: p.dailyStock, active: true });
  expect(await prizeNamed('谢谢参与')).toMatchObject({ active: true, cost: 0 });
  // The fallback's weight may change.
  expect(flashOf(await post({ op: 'prize', id: String(fallback.id), weight: '500', cost: '0', active: 'on' }))).toContain('已保存');
  expect((await prizeNamed('谢谢参与')).weight).toBe(500);
});

it('sets the daily budget: the wheel reads it, the audit keeps before and after; bad input is refused', async () => {
  const res = await post({ op: 'budget', budget: '8000' });
  expect(flashOf(res)).toContain('每日预算已设为 8,000');
  expect(await lotteryBudget(d())).toBe(8000);
  expect((await auditOf('lottery.budget')).at(-1)!.detail).toEqual({ before: 50000, after: 8000 });
  for (const bad of ['', '-5', 'lots', '100000001']) expect(flashOf(await post({ op: 'budget', budget: bad }))).toContain('每日预算须为');
  expect(await lotteryBudget(d())).toBe(8000);
  await d().delete(configFlags).where(eq(configFlags.key, LOTTERY_BUDGET_CONFIG_KEY));
});

it('sets a mall coupon’s stock, never below what was claimed; empty takes it out of the mall', async () => {
  const c = await couponNamed('满98减20');
  await d().update(coupons).set({ mallClaimed: 7 }).where(eq(coupons.id, c.id));
  expect(flashOf(await post({ op: 'mall_stock', id: String(c.id), mall_stock: '6' }))).toContain('库存不能少于已领取的7张');
  expect((await couponNamed('满98减20')).mallStock).toBe(200);
  expect(flashOf(await post({ op: 'mall_stock', id: String(c.id), mall_stock: '7' }))).toContain('领券中心库存已保存');
  expect((await couponNamed('满98减20')).mallStock).toBe(7);
  expect(flashOf(await post({ op: 'mall_stock', id: String(c.id), mall_stock: 'x' }))).toContain('领券中心库存须为');
  await post({ op: 'mall_stock', id: String(c.id), mall_stock: '' });
  expect((await couponNamed('满98减20')).mallStock).toBeNull();
  const audit = await auditOf('coupon.mall_stock');
  expect(audit.map((a) => [a.targetId, (a.detail as { after: number | null }).after])).toEqual([
    [c.id, 7],
    [c.id, null],
  ]);
  expect(flashOf(await post({ op: 'mall_stock', id: '999999', mall_stock: '1' }))).toContain('优惠券不存在');
});

it('refuses other roles in the service and signed-out or cross-site posts at the form', async () => {
  const moderator = { id: 99, role: 'moderator', ip: '' };
  const p = await prizeNamed('10书券');
  await expect(updatePrize(moderator, p.id, { weight: '1', dailyStock: '', cost: '1', active: true })).rejects.toThrow('当前角色无权');
  await expect(setLotteryBudget(moderator, '1')).rejects.toThrow('当前角色无权');
  await expect(setMallStock(moderator, 1, '1')).rejects.toThrow('当前角色无权');
  expect(flashOf(await post({ op: 'budget', budget: '1' }, ''))).toMatch(/\/admin\/login/);
  const cross = await activityRoute(
    new NextRequest('http://localhost/admin/actions/activity', {
      method: 'POST',
      body: 'op=budget&budget=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', cookie: `staff_token=${token}` },
    }),
  );
  expect(cross.status).toBe(403);
  expect(flashOf(await post({ op: 'explode' }))).toContain('操作无效');
  expect(await lotteryBudget(d())).toBe(50000);
  expect(
    await d()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.staffId, 99))),
  ).toEqual([]);
});
