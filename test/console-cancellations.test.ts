import { renderToStaticMarkup } from 'react-dom/server';
import { useTestDatabase } from '@/test/db';
import { getDb } from '@/lib/server/db/client';
import { accountCancellations, members } from '@/lib/server/db/schema';
import { can } from '@/lib/server/core/roles';
import { auditArea } from '@/lib/server/core/audit';
import { listCancellations } from '@/lib/server/members/cancellations';
import MembersPage from '@/app/admin/members/page';

// The console's view of cancellations (docs/account-cancellation.md "Console"): the pending list on /admin/members
// soonest due first, every request with the filter, each member's state on their entry; read-only, and only for
// roles with the members permission. The member's own steps are in the audit log under the members area.
const role = 'moderator';
jest.mock('@/lib/server/staff/page-session', () => ({
  requireStaff: async () => ({
    id: 1,
    username: 'mod',
    displayName: '管理员',
    role,
    actor: { id: 1, role, ip: '' },
    can: (p: Parameters<typeof can>[1]) => can(role, p),
  }),
}));

useTestDatabase();
const render = async (query: Record<string, string> = {}) =>
  renderToStaticMarkup(await MembersPage({ searchParams: Promise.resolve(query) })).replace(/<!-- -->/g, '');
const DAY = 86_400_000;
let pendingId: number;
let withdrawnId: number;
let doneId: number;

beforeAll(async () => {
  const d = getDb();
  const [a, b, c] = await d
    .insert(members)
    .values([
      { phone: '13900000001', nickname: '冷静中' },
      { phone: '13900000002', nickname: '回来了' },
      { nickname: '已注销用户', cancelledAt: new Date() },
    ])
    .returning();
  pendingId = a!.id;
  withdrawnId = b!.id;
  doneId = c!.id;
  const t = Date.parse('2026-11-01T02:00:00Z');
  await d.insert(accountCancellations).values([
    { memberId: pendingId, requestedAt: new Date(t), dueAt: new Date(t + 15 * DAY) },
    {
      memberId: withdrawnId,
      status: 'withdrawn',
      requestedAt: new Date(t),
      dueAt: new Date(t + 15 * DAY),
      withdrawnAt: new Date(t + DAY),
      withdrawnVia: 'sms',
    },
    {
      memberId: doneId,
      status: 'completed',
      requestedAt: new Date(t - 20 * DAY),
      dueAt: new Date(t - 5 * DAY),
      completedAt: new Date(t - 5 * DAY),
    },
  ]);
});

it('lists the pending cancellations with their due time, masked phones, and links to the member', async () => {
  const html = await render();
  expect(html).toContain('注销申请');
  expect(html).toMatch(new RegExp(`data-testid="cancellation-${pendingId}".*?139\\*\\*\\*\\*0001.*?冷静期中（到期注销 2026-11-16 10:00）`));
  expect(html).not.toContain(`data-testid="cancellation-${withdrawnId}"`);
  expect(html).not.toContain('13900000001');
});

it('the 全部 filter shows withdrawn and completed ones too, with how and when', async () => {
  const html = await render({ cancellations: 'all' });
  expect(html).toMatch(new RegExp(`data-testid="cancellation-${withdrawnId}".*?已撤销（再次登录） 2026-11-02 10:00 · sms`));
  expect(html).toMatch(new RegExp(`data-testid="cancellation-${doneId}".*?已注销用户.*?已注销 2026-10-27 10:00`));
});

it("a member's entry carries their cancellation state", async () => {
  const html = await render({ id: String(pendingId) });
  expect(html).toMatch(/data-testid="member-cancel-state">注销申请：冷静期中（到期注销 2026-11-16 10:00）/);
  expect(html).not.toContain('data-testid="cancellations"');
});

it('needs the members permission; the member steps are audit rows of that area', async () => {
  await expect(listCancellations({ id: 2, role: 'editor', ip: '' }, 'pending')).rejects.toMatchObject({ code: 40300 });
  for (const action of [
    'member.cancel_request',
    'member.cancel_withdrawn',
    'member.cancel_completed',
    'member.export_request',
    'member.export_download',
  ])
    expect(auditArea(action)).toBe('members');
});
