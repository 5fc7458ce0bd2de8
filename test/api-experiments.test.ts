import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { and, asc, count, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { peerHeaders } from './peer';
import { freezeDateAt } from './frozen-date';
import { GET as check } from '@/app/v1/laboratory/ab_tests/check/route';
import { POST as track } from '@/app/v1/promotions/track/route';
import { POST as experimentsRoute } from '@/app/admin/actions/experiments/route';
import { POST as gamesRoute } from '@/app/admin/actions/games/route';
import { getDb } from '@/lib/server/db/client';
import { experimentConversions, experimentExposures, experiments, games, promotions, staffAuditLog } from '@/lib/server/db/schema';
import { bucketOf, variantFor } from '@/lib/server/experiments/bucket';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { can } from '@/lib/server/core/roles';
import { parseVariants } from '@/lib/server/staff/experiments';
import type { AbCheckDto } from '@/lib/shared/dto/games';

// A/B experiments (docs/experiments.md): bucketing, exposure once, conversions, the console.
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
afterEach(() => jest.useRealTimers());
const d = () => getDb();
const KEY = 'promotion_popup_copy';
const zaid = (n: number) => `visitor${String(n).padStart(6, '0')}abc`;
// Each call comes from an address of its own unless the test names one: visitors' new exposures are limited per address.
let peerSeq = 0;
const checkAs = (headers: Record<string, string>, key = KEY) =>
  callRoute<AbCheckDto>(check, {
    url: `/v1/laboratory/ab_tests/check?key=${key}`,
    headers: { ...peerHeaders(`192.0.2.${(++peerSeq % 250) + 1}`), ...headers },
  });
const exposures = async (subject?: string) =>
  (
    await d()
      .select({ n: count() })
      .from(experimentExposures)
      .where(subject ? eq(experimentExposures.subject, subject) : undefined)
  )[0]!.n;

describe('bucketing', () => {
  it('is deterministic: SHA-256 of key and subject, the same bucket every time', () => {
    expect(bucketOf('k', 'm:1')).toBe(bucketOf('k', 'm:1'));
    expect(bucketOf('k', 'm:1')).toBeGreaterThanOrEqual(0);
    expect(bucketOf('k', 'm:1')).toBeLessThan(10_000);
    // A fixed vector, so a change of hash or formula is noticed.
    expect(bucketOf('promotion_popup_copy', 'm:1')).toBe(9588);
    expect(new Set(Array.from({ length: 50 }, (_, i) => bucketOf('k', `m:${i}`))).size).toBeGreaterThan(45);
  });

  it('follows the weights: χ² over 6,000 synthetic subjects stays under the 0.1% critical value', () => {
    const variants = [
      { key: 'a', label: 'A', weight: 5000 },
      { key: 'b', label: 'B', weight: 3000 },
      { key: 'c', label: 'C', weight: 2000 },
    ];
    const n = 6000;
    const seen: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < n; i++) seen[variantFor(variants, bucketOf('chi_test', `v:subject-${i}`)).key]!++;
    const chi2 = variants.reduce((s, v) => {
      const expected = (n * v.weight) / 10_000;
      return s + (seen[v.key]! - expected) ** 2 / expected;
    }, 0);
    // 2 degrees of freedom, p = 0.001: 13.82. The subjects are fixed, so the figure is too (no flakiness).
    expect(chi2).toBeLessThan(13.82);
    // And the ten thousand buckets are spread evenly over ten deciles.
    const deciles = Array<number>(10).fill(0);
    for (let i = 0; i < n; i++) deciles[Math.floor(bucketOf('chi_test', `m:${i}`) / 1000)]!++;
    const chiDeciles = deciles.reduce((s, c) => s + (c - n / 10) ** 2 / (n / 10), 0);
    expect(chiDeciles).toBeLessThan(27.88); // 9 degrees of freedom, p = 0.001
  });

  it('gives the edge buckets to the right variants, and weights of 0 nothing', () => {
    const v = [
      { key: 'a', label: 'A', weight: 0 },
      { key: 'b', label: 'B', weight: 10_000 },
    ];
    expect(variantFor(v, 0).key).toBe('b');
    expect(variantFor(v, 9999).key).toBe('b');
    const w = [
      { key: 'a', label: 'A', weight: 1 },
      { key: 'b', label: 'B', weight: 9999 },
    ];
    expect(variantFor(w, 0).key).toBe('a');
    expect(variantFor(w, 1).key).toBe('b');
  });
});

describe('GET /v1/laboratory/ab_tests/check', () => {
  it('answers a member by member id and a visitor by tracking id, the same variant every call, exposed once', async () => {
    const m = await signedInMember();
    const first = (await checkAs(m.auth)).body.data!;
    expect(first).toMatchObject({ key: KEY, running: true });
    expect(['control', 'bonus']).toContain(first.variant);
    expect(first.variant).toBe(
      variantFor(
        [
          { key: 'control', label: '', weight: 5000 },
          { key: 'bonus', label: '', weight: 5000 },
        ],
        bucketOf(KEY, `m:${m.id}`),
      ).key,
    );
    for (let i = 0; i < 3; i++) expect((await checkAs(m.auth)).body.data!.variant).toBe(first.variant);
    expect(await exposures(`m:${m.id}`)).toBe(1);
    const visitor = (await checkAs({ cookie: `zaid=${zaid(1)}` })).body.data!;
    expect((await checkAs({ 'x-zaid': zaid(1) })).body.data!.variant).toBe(visitor.variant);
    expect(await exposures(`v:${zaid(1)}`)).toBe(1);
  });

  it('a script rotating tracking ids from one address is answered, but its exposures stop being stored past the limit', async () => {
    const from = (i: number) => ({
      ...peerHeaders('198.51.100.90'),
      'x-forwarded-for': `203.0.113.${i}`,
      cookie: `zaid=${zaid(5000 + i)}`,
    });
    // The limit counts in fixed one-minute windows: the clock stands still at the start of one, so a slow machine
    // cannot carry the calls into the next window (only Date is faked; timers and I/O run as usual).
    freezeDateAt(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
    for (let i = 0; i < 30; i++) expect((await checkAs(from(i))).status).toBe(200);
    const before = await exposures();
    const over = await checkAs(from(30));
    expect(over.status).toBe(200);
    // The answer is still the subject's bucket, so the page behaves the same; only the record is skipped.
    expect(over.body.data!.variant).toBe(
      variantFor(
        [
          { key: 'control', label: '', weight: 5000 },
          { key: 'bonus', label: '', weight: 5000 },
        ],
        bucketOf(KEY, `v:${zaid(5030)}`),
      ).key,
    );
    expect(await exposures()).toBe(before);
    // A member from that address is still recorded.
    const m = await signedInMember();
    await checkAs({ ...m.auth, ...peerHeaders('198.51.100.90') });
    expect(await exposures(`m:${m.id}`)).toBe(1);
  });

  it('records one exposure under 12 parallel first calls of one subject', async () => {
    const m = await signedInMember();
    const answers = await Promise.all(Array.from({ length: 12 }, () => checkAs(m.auth)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data!.variant)).size).toBe(1);
    expect(await exposures(`m:${m.id}`)).toBe(1);
  });

  it('keeps an exposed subject’s variant when the weights change while running', async () => {
    const subjects = Array.from({ length: 40 }, (_, i) => zaid(100 + i));
    const before = new Map<string, string>();
    for (const s of subjects) before.set(s, (await checkAs({ cookie: `zaid=${s}` })).body.data!.variant);
    await d()
      .update(experiments)
      .set({
        variants: [
          { key: 'control', label: 'a', weight: 0 },
          { key: 'bonus', label: 'b', weight: 10_000 },
        ],
      })
      .where(eq(experiments.key, KEY));
    for (const s of subjects) expect((await checkAs({ cookie: `zaid=${s}` })).body.data!.variant).toBe(before.get(s));
    // Subjects seen for the first time follow the new weights.
    expect((await checkAs({ cookie: `zaid=${zaid(999)}` })).body.data!.variant).toBe('bonus');
    await d()
      .update(experiments)
      .set({
        variants: [
          { key: 'control', label: '原文案：立即抢购', weight: 5000 },
          { key: 'bonus', label: '强调加赠：领取加赠', weight: 5000 },
        ],
      })
      .where(eq(experiments.key, KEY));
  });

  it('refuses bad and unknown keys and callers without any id; a stopped experiment answers control and logs nothing', async () => {
    const total = await exposures();
    for (const key of ['', 'A-B', 'x', '1abc', 'a'.repeat(60), '%27%20or%201%3D1']) {
      const res = await checkAs({ cookie: `zaid=${zaid(2)}` }, key);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const unknown = await checkAs({ cookie: `zaid=${zaid(2)}` }, 'no_such_test');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('实验不存在');
    const anonymous = await checkAs({});
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.message).toMatch(/访客标识/);
    // A forged tracking id that is not one is refused too.
    expect((await checkAs({ cookie: 'zaid=<script>' })).status).toBe(400);
    await d()
      .insert(experiments)
      .values({
        key: 'stopped_test',
        name: '停止的实验',
        status: 'stopped',
        variants: [
          { key: 'base', label: 'A', weight: 5000 },
          { key: 'alt', label: 'B', weight: 5000 },
        ],
      });
    expect((await checkAs({ cookie: `zaid=${zaid(3)}` }, 'stopped_test')).body.data).toEqual({
      key: 'stopped_test',
      variant: 'base',
      running: false,
    });
    expect(await exposures()).toBe(total);
  });
});

describe('the promotion popup copy experiment', () => {
  it('counts the button as a conversion of the variant the subject was shown, once; not for subjects never exposed', async () => {
    const [promo] = await d().select().from(promotions).orderBy(asc(promotions.id)).limit(1);
    const m = await signedInMember();
    const shown = (await checkAs(m.auth)).body.data!.variant;
    const press = (headers: Record<string, string>, act = 2) =>
      callRoute(track, { method: 'POST', url: '/v1/promotions/track', body: { promotion_id: promo!.id, act_name: act }, headers });
    await press(m.auth, 1);
    expect(
      await d()
        .select()
        .from(experimentConversions)
        .where(eq(experimentConversions.subject, `m:${m.id}`)),
    ).toEqual([]);
    await press(m.auth);
    await press(m.auth);
    const conv = await d()
      .select()
      .from(experimentConversions)
      .where(eq(experimentConversions.subject, `m:${m.id}`));
    expect(conv.map((c) => c.variant)).toEqual([shown]);
    const stranger = await signedInMember();
    await press(stranger.auth);
    expect(
      await d()
        .select()
        .from(experimentConversions)
        .where(eq(experimentConversions.subject, `m:${stranger.id}`)),
    ).toEqual([]);
    // A visitor converts through the tracking cookie.
    const v = (await checkAs({ cookie: `zaid=${zaid(50)}` })).body.data!.variant;
    await press({ cookie: `zaid=${zaid(50)}` });
    const [vc] = await d()
      .select()
      .from(experimentConversions)
      .where(eq(experimentConversions.subject, `v:${zaid(50)}`));
    expect(vc!.variant).toBe(v);
  });
});

describe('console: /admin/experiments and /admin/games', () => {
  let token = '';
  let modToken = '';
  let ipSeq = 0;
  beforeAll(async () => {
    await createStaffFromCommand(d(), { username: 'editor1', role: 'editor', password: 'editor-password-1' });
    await createStaffFromCommand(d(), { username: 'mod1', role: 'moderator', password: 'moderator-password-1' });
    token = (await staffSignIn({ username: 'editor1', password: 'editor-password-1', ip: '10.0.0.8' })).session.token;
    modToken = (await staffSignIn({ username: 'mod1', password: 'moderator-password-1', ip: '10.0.0.9' })).session.token;
  });
  const post = (route: typeof experimentsRoute, path: string, fields: Record<string, string>, who = token) =>
    route(
      new NextRequest(`http://localhost${path}`, {
        method: 'POST',
        body: new URLSearchParams({ back: path.replace('/actions', ''), ...fields }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          cookie: `staff_token=${who}`,
          ...peerHeaders(`10.31.0.${++ipSeq}`),
        },
      }),
    );
  const flashOf = (res: Response) => {
    const back = new URL(res.headers.get('location') ?? 'http://x/');
    return `${back.pathname} ${back.searchParams.get('ok') ?? ''}${back.searchParams.get('err') ?? ''}`;
  };
  const exp = (fields: Record<string, string>, who = token) => post(experimentsRoute, '/admin/actions/experiments', fields, who);
  const game = (fields: Record<string, string>, who = token) => post(gamesRoute, '/admin/actions/games', fields, who);
  const audit = (action: string) => d().select().from(staffAuditLog).where(eq(staffAuditLog.action, action));

  it('is for admins and editors only', async () => {
    for (const p of ['games', 'experiments'] as const) {
      expect(can('admin', p)).toBe(true);
      expect(can('editor', p)).toBe(true);
      expect(can('moderator', p)).toBe(false);
      expect(can('finance', p)).toBe(false);
    }
    const before = await d().select({ n: count() }).from(experiments);
    expect(flashOf(await exp({ op: 'create', key: 'mod_test', name: 'x', variants: 'a:A:5000\nb:B:5000' }, modToken))).toMatch(/^\/admin /);
    expect(flashOf(await game({ op: 'deactivate', id: '1' }, modToken))).toMatch(/^\/admin /);
    expect(await d().select({ n: count() }).from(experiments)).toEqual(before);
    expect(await audit('experiment.create')).toEqual([]);
  });

  it('creates, reweights, starts and stops an experiment, each audited; refuses weights that do not sum and bad variants', async () => {
    expect(flashOf(await exp({ op: 'create', key: 'title_test', name: '标题实验', variants: 'a:甲:6000\nb:乙:3000' }))).toContain(
      '10000，现在是9000',
    );
    expect(flashOf(await exp({ op: 'create', key: 'title_test', name: '标题实验', variants: 'a:甲:10000' }))).toContain('变体格式不对');
    expect(flashOf(await exp({ op: 'create', key: 'title_test', name: '标题实验', variants: 'a:甲:5000\na:乙:5000' }))).toContain(
      '变体格式不对',
    );
    expect(flashOf(await exp({ op: 'create', key: 'Bad Key', name: '标题实验', variants: 'a:甲:5000\nb:乙:5000' }))).toContain(
      '变体格式不对',
    );
    expect(await audit('experiment.create')).toEqual([]);
    expect(flashOf(await exp({ op: 'create', key: 'title_test', name: '标题实验', variants: 'a:甲:5000\nb:乙:5000' }))).toBe(
      '/admin/experiments 已新建实验“标题实验”（未开始）',
    );
    expect(flashOf(await exp({ op: 'create', key: 'title_test', name: '再来', variants: 'a:甲:5000\nb:乙:5000' }))).toContain('已被使用');
    const [row] = await d().select().from(experiments).where(eq(experiments.key, 'title_test'));
    expect(row!.status).toBe('stopped');
    expect(flashOf(await exp({ op: 'start', id: String(row!.id) }))).toContain('已开始');
    await checkAs({ cookie: `zaid=${zaid(77)}` }, 'title_test');
    // Exposed: weights may change, variants may not.
    expect(flashOf(await exp({ op: 'variants', id: String(row!.id), variants: 'a:甲:2000\nb:乙:8000' }))).toContain('已保存');
    expect(flashOf(await exp({ op: 'variants', id: String(row!.id), variants: 'a:甲:2000\nc:丙:8000' }))).toContain('只能修改权重');
    expect(flashOf(await exp({ op: 'variants', id: String(row!.id), variants: 'a:甲:2000\nb:乙:7000' }))).toContain('现在是9000');
    expect(flashOf(await exp({ op: 'stop', id: '999999' }))).toContain('实验不存在');
    expect(flashOf(await exp({ op: 'stop', id: String(row!.id) }))).toContain('已停止');
    for (const action of ['experiment.create', 'experiment.start', 'experiment.variants', 'experiment.stop'])
      expect((await audit(action)).length).toBe(1);
    const [after] = await d().select().from(experiments).where(eq(experiments.key, 'title_test'));
    expect(after!.variants.map((v) => v.weight)).toEqual([2000, 8000]);
  });

  it('creates, edits, takes down a game with a checked address, each audited', async () => {
    const fields = { name: '测试游戏', icon: '/promo/games/2048.svg', url: 'https://h5.example.cn/t', lang_1: 'on', sort: '5' };
    for (const url of [
      'http://h5.example.cn/t',
      'javascript:alert(1)',
      'https://h5.example.cn/\tx',
      'https://user:pw@h5.example.cn/',
      '//h5.example.cn',
      'https://localhost/x',
    ]) {
      expect(flashOf(await game({ op: 'create', ...fields, url }))).toContain('https://');
    }
    expect(flashOf(await game({ op: 'create', ...fields, lang_1: '' }))).toMatch(/^\/admin\/games /);
    expect(
      flashOf(await game({ op: 'create', name: '测试游戏', icon: '/promo/games/2048.svg', url: 'https://h5.example.cn/t' })),
    ).toContain('至少选择一种语言');
    expect(flashOf(await game({ op: 'create', ...fields, icon: '//evil.example/x.png' }))).toContain('图标');
    expect(await d().select().from(games).where(eq(games.name, '测试游戏'))).toEqual([]);
    expect(flashOf(await game({ op: 'create', ...fields }))).toBe('/admin/games 已新增“测试游戏”');
    const [g] = await d().select().from(games).where(eq(games.name, '测试游戏'));
    expect(g!.languages).toEqual([1]);
    expect(flashOf(await game({ op: 'update', id: String(g!.id), ...fields, name: '测试游戏2', lang_0: 'on' }))).toContain('已保存');
    expect(flashOf(await game({ op: 'deactivate', id: String(g!.id) }))).toContain('已下架');
    const [after] = await d()
      .select()
      .from(games)
      .where(and(eq(games.id, g!.id)));
    expect(after).toMatchObject({ name: '测试游戏2', active: false, languages: [0, 1] });
    for (const action of ['game.create', 'game.update', 'game.deactivate']) expect((await audit(action)).length).toBe(1);
  });

  it('renders both pages with the figures per variant and clicks per day', async () => {
    const { default: ExperimentsPage } = await import('@/app/admin/experiments/page');
    const { default: GamesPage } = await import('@/app/admin/games/page');
    const html = renderToStaticMarkup(await ExperimentsPage({ searchParams: Promise.resolve({}) })).replace(/<!-- -->/g, '');
    expect(asked).toContain('experiments');
    expect(html).toContain('充值弹窗文案');
    expect(html).toContain('data-testid="variant-promotion_popup_copy-bonus"');
    expect(html).toContain('<a href="/admin/experiments" aria-current="page">实验</a>');
    const gamesHtml = renderToStaticMarkup(await GamesPage({ searchParams: Promise.resolve({}) })).replace(/<!-- -->/g, '');
    expect(asked).toContain('games');
    expect(gamesHtml).toContain('开心消消乐');
    expect(gamesHtml).toContain('7天合计');
  });

  it('parses variants with either colon and rejects extra fields', () => {
    expect(parseVariants('a：甲：4000\nb:乙:6000').map((v) => v.weight)).toEqual([4000, 6000]);
    expect(() => parseVariants('a:甲:4000:x\nb:乙:6000')).toThrow();
  });
});
