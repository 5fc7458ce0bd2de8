import { count, eq } from 'drizzle-orm';
import { callRoute, callRouteRaw } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as listGames } from '@/app/v1/games/route';
import { POST as settings } from '@/app/v1/my/settings/route';
import { GET as profile } from '@/app/v1/my/profile/route';
import { GET as novelTest } from '@/app/v1/novel_test/route';
import { peerHeaders } from './peer';
import { freezeDateAt } from './frozen-date';
import { GET as goGame } from '@/app/(flows)/games/go/[id]/route';
import { getDb } from '@/lib/server/db/client';
import { gameClicksDaily, gamePreferences, games, novelTests, novels, readLogs } from '@/lib/server/db/schema';
import { stackPeriod } from '@/lib/server/wallet/vip';
import type { GamesPage, NovelTestDto } from '@/lib/shared/dto/games';
import { SEED_GAMES } from '@/lib/server/boot/seed/seed-games';

// Games, the hide choice and 新书试读 (docs/games.md).
useTestDatabase({ seed: true });
const d = () => getDb();

async function vipMember() {
  const m = await signedInMember();
  await d().transaction((tx) => stackPeriod(tx, m.id, 'vip', 30, { note: 'test' }));
  return m;
}
const games$ = (headers: Record<string, string> = {}, q = '') => callRoute<GamesPage>(listGames, { url: `/v1/games${q}`, headers });
const prefRows = async () => (await d().select({ n: count() }).from(gamePreferences))[0]!.n;

describe('GET /v1/games', () => {
  it('lists active games of the language by sort, with the recorded click as the link, paged', async () => {
    const res = await games$({}, '?language_type=1&limit=4');
    expect(res.status).toBe(200);
    const page = res.body.data!;
    expect(page.list.map((g) => g.name)).toEqual(SEED_GAMES.slice(0, 4).map((g) => g.name));
    expect(page.has_more).toBe(true);
    expect(page.list[0]!.href).toBe(`/games/go/${page.list[0]!.id}`);
    expect(JSON.stringify(page)).not.toContain('https://');
    expect(page).toMatchObject({ hidden: false, ask_hide: false, ad_removal_pid: null });
    const rest = (await games$({}, '?language_type=1&start=4&limit=4')).body.data!;
    expect(rest.list.map((g) => g.name)).toEqual(['华容道', '五子棋']);
    expect(rest.has_more).toBe(false);
    // 五子棋 is Chinese only.
    expect((await games$({}, '?language_type=0&limit=50')).body.data!.list.map((g) => g.name)).not.toContain('五子棋');
  });

  it('leaves out inactive games, and refuses bad queries with a Chinese message', async () => {
    const [g] = await d().select().from(games).where(eq(games.name, '2048'));
    await d().update(games).set({ active: false }).where(eq(games.id, g!.id));
    expect((await games$({}, '?limit=50')).body.data!.list.map((x) => x.name)).not.toContain('2048');
    await d().update(games).set({ active: true }).where(eq(games.id, g!.id));
    for (const q of ['?language_type=3', '?limit=0', '?limit=51', '?start=-1', '?limit=abc']) {
      const res = await games$({}, q);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('offers the ad removal product to a signed-in member without VIP, and asks a paid member once', async () => {
    const plain = await signedInMember();
    const page = (await games$(plain.auth)).body.data!;
    expect(page.ad_removal_pid).toEqual(expect.any(Number));
    expect(page.ask_hide).toBe(false);
    const vip = await vipMember();
    expect((await games$(vip.auth)).body.data).toMatchObject({ ask_hide: true, hidden: false, ad_removal_pid: null });
  });
});

describe('closing game recommendations', () => {
  it('a paid member’s choice holds on every device: no games from the API, profile says so', async () => {
    const vip = await vipMember();
    const { createSession } = await import('@/lib/server/accounts/sessions');
    const second = await createSession(d(), vip.id, 'test', {});
    const otherDevice = { authorization: `Bearer ${second.token}` };
    const set = await callRoute(settings, { method: 'POST', url: '/v1/my/settings', body: { hide_games: true }, headers: vip.auth });
    expect(set.body.data).toEqual({ hide_games: true });
    const page = (await games$(otherDevice)).body.data!;
    expect(page).toMatchObject({ list: [], hidden: true, ask_hide: false });
    const p = (await callRoute<{ hide_games: boolean; ask_hide_games: boolean }>(profile, { url: '/v1/my/profile', headers: otherDevice }))
      .body.data!;
    expect(p).toMatchObject({ hide_games: true, ask_hide_games: false });
    // Keeping them is an answer too: no more asking, games come back.
    await callRoute(settings, { method: 'POST', url: '/v1/my/settings', body: { hide_games: false }, headers: otherDevice });
    expect((await games$(vip.auth)).body.data).toMatchObject({ hidden: false, ask_hide: false });
    expect((await games$(vip.auth)).body.data!.list.length).toBeGreaterThan(0);
  });

  it('the choice does nothing without VIP; ad removal buyers get no games at all', async () => {
    const m = await signedInMember();
    await callRoute(settings, { method: 'POST', url: '/v1/my/settings', body: { hide_games: true }, headers: m.auth });
    expect((await games$(m.auth)).body.data!.hidden).toBe(false);
    const buyer = await signedInMember();
    await d().transaction((tx) => stackPeriod(tx, buyer.id, 'ad_free', null, { note: 'test' }));
    expect((await games$(buyer.auth)).body.data).toMatchObject({ list: [], hidden: true, ask_hide: false, ad_removal_pid: null });
  });

  it('needs a member and a boolean; writes nothing otherwise', async () => {
    const m = await signedInMember();
    const before = await prefRows();
    expect((await callRoute(settings, { method: 'POST', url: '/v1/my/settings', body: { hide_games: true } })).body.code).toBe(90002);
    for (const body of [{ hide_games: 'yes' }, {}, { hide_games: true, member_id: 1 }, { hide_games: 1 }]) {
      const res = await callRoute(settings, { method: 'POST', url: '/v1/my/settings', body, headers: m.auth });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      (
        await callRoute(settings, {
          method: 'POST',
          url: '/v1/my/settings',
          body: { hide_games: true },
          headers: { ...m.auth, 'x-sig': undefined },
        })
      ).status,
    ).toBe(400);
    expect(await prefRows()).toBe(before);
  });
});

describe('GET /games/go/{id}', () => {
  const tap = (id: number, headers: Record<string, string> = {}) =>
    callRouteRaw(goGame, { url: `/games/go/${id}`, params: { id: String(id) }, headers });
  const clicksOf = async (id: number) => (await d().select().from(gameClicksDaily).where(eq(gameClicksDaily.gameId, id)))[0]?.clicks ?? 0;
  let readerSeq = 0;
  const reader = () => ({ cookie: `zaid=gamereader${String(++readerSeq).padStart(4, '0')}` });

  it('counts a reader’s tap once a day and sends them to the staff-entered address every time', async () => {
    const [g] = await d().select().from(games).where(eq(games.name, '开心消消乐'));
    const r = { ...reader(), ...peerHeaders('198.51.100.21') };
    const first = await tap(g!.id, r);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(g!.url);
    // The same reader again, also twenty taps at once: each opens the game, none counts again.
    const again = await Promise.all(Array.from({ length: 20 }, () => tap(g!.id, r)));
    expect(again.map((res) => [res.status, res.headers.get('location')])).toEqual(Array(20).fill([302, g!.url]));
    expect(await clicksOf(g!.id)).toBe(1);
    // Another reader's tap is theirs to count; a reader without a tracking cookie is their address.
    await tap(g!.id, { ...reader(), ...peerHeaders('198.51.100.21') });
    await tap(g!.id, peerHeaders('198.51.100.22'));
    await tap(g!.id, peerHeaders('198.51.100.22'));
    expect(await clicksOf(g!.id)).toBe(3);
  });

  it.each([
    ['one address forging X-Forwarded-For', (i: number) => ({ ...peerHeaders('198.51.100.23'), 'x-forwarded-for': `203.0.113.${i}` })],
    ['addresses rotated within one IPv6 /64', (i: number) => peerHeaders(`2001:db8:23:5:${(i + 1).toString(16)}::7`)],
  ])(
    'a script with fresh tracking cookies from %s is not counted past the per-address limit, and still lands on the game',
    async (_, from) => {
      const [g] = await d().select().from(games).where(eq(games.name, '五子棋'));
      const before = await clicksOf(g!.id);
      // The minute's limit is a fixed window: the clock stands still inside one, so a slow run cannot cross its edge.
      freezeDateAt(Math.floor(Date.now() / 60_000) * 60_000 + 20_000);
      try {
        for (let i = 0; i < 14; i++) {
          const res = await tap(g!.id, { ...reader(), ...from(i) });
          expect(res.status).toBe(302);
          expect(res.headers.get('location')).toBe(g!.url);
        }
        expect(await clicksOf(g!.id)).toBe(before + 10);
        // A reader elsewhere still counts.
        await tap(g!.id, { ...reader(), ...peerHeaders('198.51.100.24') });
        expect(await clicksOf(g!.id)).toBe(before + 11);
      } finally {
        jest.useRealTimers();
      }
    },
  );

  it('refuses unknown, inactive and no-longer-valid games, and bad ids, without counting', async () => {
    const [g] = await d().select().from(games).where(eq(games.name, '华容道'));
    await d().update(games).set({ url: 'javascript:alert(1)' }).where(eq(games.id, g!.id));
    for (const id of [String(g!.id), '99999', 'abc', '-1']) {
      const res = await callRouteRaw(goGame, { url: `/games/go/${id}`, params: { id }, headers: { accept: 'text/html' } });
      expect([400, 404]).toContain(res.status);
      expect(res.text).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await d().select().from(gameClicksDaily).where(eq(gameClicksDaily.gameId, g!.id))).length).toBe(0);
  });
});

describe('GET /v1/novel_test', () => {
  it('lists the novels in a test window for the language with readers, continued readers and favourites', async () => {
    const res = await callRoute<NovelTestDto[]>(novelTest, { url: '/v1/novel_test?language_type=1' });
    expect(res.status).toBe(200);
    const list = res.body.data!;
    expect(list.length).toBe(3);
    const t = list[0]!;
    // Metrics are computed from the read logs since the window opened.
    const m = await signedInMember();
    const [{ firstArticleId }] = (await d()
      .select({ firstArticleId: novels.firstArticleId })
      .from(novels)
      .where(eq(novels.id, t.novel_id))) as [{ firstArticleId: number | null }];
    await d().insert(readLogs).values({ memberId: m.id, novelId: t.novel_id, articleId: firstArticleId!, readType: 1 });
    const after = (await callRoute<NovelTestDto[]>(novelTest, { url: '/v1/novel_test?language_type=1' })).body.data!.find(
      (x) => x.novel_id === t.novel_id,
    )!;
    expect(after.readers).toBe(t.readers + 1);
    expect(after.continued).toBe(t.continued);
    expect(after.continue_rate).toBeCloseTo(after.readers ? after.continued / after.readers : 0, 3);
  });

  it('leaves out ended windows and refuses a bad language', async () => {
    await d()
      .update(novelTests)
      .set({ endsAt: new Date(Date.now() - 1000), startsAt: new Date(Date.now() - 2000) })
      .where(eq(novelTests.languageType, 2));
    expect((await callRoute<NovelTestDto[]>(novelTest, { url: '/v1/novel_test?language_type=2' })).body.data).toEqual([]);
    const bad = await callRoute(novelTest, { url: '/v1/novel_test?language_type=9' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/语言/);
  });
});
