import { renderToStaticMarkup } from 'react-dom/server';
import { useTestDatabase } from '@/test/db';
import { getDb } from '@/lib/server/db/client';
import { createStaff, createStaffFromCommand } from '@/lib/server/staff/accounts';
import { auditArea, auditScope, canSeeAuditAction, listAudit, writeAudit } from '@/lib/server/core/audit';
import { can, PERMISSIONS, type StaffRole } from '@/lib/server/core/roles';
import { addWord } from '@/lib/server/moderation/words';
import AuditPage from '@/app/admin/audit/page';

// The audit log page (docs/console.md "Audit log", "Who sees which rows"): admins see every row; every other role
// only its own rows of the areas it may act on, and the action filter lists only those actions.

const viewer: { current: { id: number; role: StaffRole } } = { current: { id: 0, role: 'moderator' } };
jest.mock('@/lib/server/staff/page-session', () => ({
  requireStaff: () =>
    jest
      .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
      .pageSessionAs({ ...viewer.current, username: 'viewer', displayName: '查看者' })
      .requireStaff(),
}));

useTestDatabase();

const ids = { admin: 0, moderator: 0, editor: 0 };
const as = (role: 'admin' | 'moderator' | 'editor') => (viewer.current = { id: ids[role], role });
const render = async (query: Record<string, string | string[]> = {}) =>
  renderToStaticMarkup(await AuditPage({ searchParams: Promise.resolve(query) })).replace(/<!-- -->/g, '');
/** The actions of the rows the page lists (the table's third column), and the action filter's choices. */
const rowsOf = (html: string) => [...html.matchAll(/<tr><td>[^<]*<\/td><td>[^<]*<\/td><td>([^<]+)<\/td>/g)].map((m) => m[1]!);
const choicesOf = (html: string) => [...html.matchAll(/<option value="([a-z_.]+)"/g)].map((m) => m[1]!);

// What the moderator's own rows are made of: the command that created the account, sign-ins, a word it added, and
// rows of areas a moderator cannot act on (written as they would be if it once held another role).
const MODERATOR_OWN = [
  'staff.login',
  'comment.remove',
  'report.handle',
  'member.block',
  'order.refund',
  'config.update',
  'staff.role',
  'mystery.op',
];

beforeAll(async () => {
  const db = getDb();
  ids.admin = await createStaffFromCommand(db, { username: 'boss', role: 'admin', password: 'boss-password-1' });
  ids.moderator = await createStaffFromCommand(db, { username: 'mod', role: 'moderator', password: 'mod-password-1' });
  ids.editor = await createStaff(
    { id: ids.admin, role: 'admin', ip: '10.0.0.1' },
    { username: 'editor1', role: 'editor', password: 'ed-password-1' },
  );
  await addWord({ id: ids.moderator, role: 'moderator', ip: '10.0.0.2' }, { word: '违禁词甲', category: 'abuse' });
  for (const action of MODERATOR_OWN) await writeAudit(db, { staffId: ids.moderator, action, ip: '10.0.0.2' });
  await writeAudit(db, { staffId: ids.admin, action: 'ledger.audit_run' });
  await writeAudit(db, { staffId: ids.editor, action: 'novel.update', targetType: 'novel', targetId: 1 });
});

describe('areas', () => {
  it.each([
    ['staff.login', 'audit:own'],
    ['staff.totp_disable', 'audit:own'],
    ['staff.create', 'staff'],
    ['staff.totp_reset', 'staff'],
    ['word.add', 'words'],
    ['announcement.publish', 'announcements'],
    ['comment.remove', 'moderation'],
    ['member.block', 'members'],
    ['member.phone_view', 'members:phone'],
    ['config.follow_gate', 'members'],
    ['config.update', 'config'],
    ['storefront.carousel.move', 'storefront'],
    ['content.import', 'content'],
    ['chapter.publish', 'content'],
    ['selling.coupon.create', 'selling:money'],
    ['selling.gift.create', 'selling'],
    ['order.refund', 'orders'],
    ['reconciliation.resolve', 'orders'],
    ['lottery.budget', 'activity'],
    ['audio.revoice', 'listening'],
    ['mystery.op', null],
  ])('%s is of %s', (action, area) => {
    expect(auditArea(action)).toBe(area);
  });

  it('each role sees the rows of what it may do; admins every row, an unknown action only admins', () => {
    const see = (role: StaffRole) => MODERATOR_OWN.filter((a) => canSeeAuditAction(role, a));
    expect(see('admin')).toEqual(MODERATOR_OWN);
    expect(see('moderator')).toEqual(['staff.login', 'comment.remove', 'report.handle', 'member.block']);
    expect(see('finance')).toEqual(['staff.login', 'order.refund']);
    expect(see('editor')).toEqual(['staff.login']);
    // Nothing of staff management for anyone without the `staff` permission.
    for (const role of Object.keys(PERMISSIONS) as StaffRole[]) expect(canSeeAuditAction(role, 'staff.create')).toBe(can(role, 'staff'));
  });
});

describe('the page', () => {
  it('as a moderator: its own moderation and sign-in rows, never staff management or money, and only those actions to filter by', async () => {
    as('moderator');
    const html = await render();
    expect(rowsOf(html).sort()).toEqual(['comment.remove', 'member.block', 'report.handle', 'staff.login', 'word.add']);
    expect(choicesOf(html)).toEqual(['comment.remove', 'member.block', 'report.handle', 'staff.login', 'word.add']);
    // Not even the row of its own account's creation by the command, nor a label of an action it cannot see.
    for (const hidden of [
      'staff.create',
      'staff.role',
      'order.refund',
      'config.update',
      'ledger.audit_run',
      'novel.update',
      'mystery.op',
    ]) {
      expect(html).not.toContain(hidden);
    }
    expect(html).not.toContain('name="staff"');
  });

  it('as a moderator, the query cannot widen it: another staff id, a hidden action', async () => {
    as('moderator');
    expect(rowsOf(await render({ staff: String(ids.admin) })).sort()).toEqual([
      'comment.remove',
      'member.block',
      'report.handle',
      'staff.login',
      'word.add',
    ]);
    for (const action of ['staff.create', 'order.refund', 'ledger.audit_run']) {
      const html = await render({ action, staff: String(ids.admin) });
      expect(rowsOf(html)).toEqual([]);
      expect(html).toContain('没有记录');
    }
    expect(rowsOf(await render({ action: 'word.add' }))).toEqual(['word.add']);
    const scope = await auditScope({ id: ids.moderator, role: 'moderator' });
    const { rows } = await listAudit(scope, { staffId: ids.admin, action: 'staff.create' });
    expect(rows).toEqual([]);
  });

  it('as an editor: its own content rows and sign-ins', async () => {
    as('editor');
    await writeAudit(getDb(), { staffId: ids.editor, action: 'staff.login' });
    const html = await render();
    expect(rowsOf(html)).toEqual(['staff.login', 'novel.update']);
    expect(html).not.toContain('staff.create');
  });

  it('as an admin: every row and every action, and the staff filter', async () => {
    as('admin');
    const html = await render();
    expect(rowsOf(html)).toEqual(
      expect.arrayContaining([...MODERATOR_OWN, 'staff.create', 'word.add', 'ledger.audit_run', 'novel.update']),
    );
    expect(choicesOf(html)).toEqual(expect.arrayContaining(['staff.create', 'order.refund', 'mystery.op', 'novel.update']));
    expect(html).toContain('name="staff"');
    const mine = rowsOf(await render({ staff: String(ids.moderator), action: 'staff.create' }));
    expect(mine).toEqual(['staff.create']);
  });

  it.each(['admin', 'moderator'] as const)('as %s, query values that mean nothing render the page instead of failing', async (role) => {
    as(role);
    const queries: Array<Record<string, string | string[]>> = [
      { staff: '99999999999999' },
      { staff: '-1' },
      { staff: ['1', '2'] },
      { from: '0000-01-01', to: '9999-12-31' },
      { from: '2024-02-31', to: '2024-13-01' },
      { from: '1900-01-01' },
      { page: 'abc' },
      { page: '99999999' },
      { action: 'x'.repeat(500) },
      { action: "staff.create' or 1=1 --" },
    ];
    for (const query of queries) {
      const html = await render(query);
      expect(html).toContain('<h1>操作日志</h1>');
    }
    // A day that does not exist is ignored, not shifted to another: the filter shows it empty.
    expect(await render({ from: '2024-02-31' })).toContain('name="from" value=""');
  });
});
