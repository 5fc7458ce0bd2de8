import { and, count, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { freezeDateAt } from './frozen-date';
import { GET as statusRoute, POST as modeRoute } from '@/app/v1/my/minors_mode/route';
import { POST as beatRoute } from '@/app/v1/my/minors_mode/heartbeat/route';
import { GET as readRoute } from '@/app/v1/read/[id]/route';
import {
  products,
  chapters,
  gifts,
  lotteryChances,
  members,
  minorsModes,
  minorsUsageDays,
  novels,
  orders,
  staffAuditLog,
  tips,
  votes,
} from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { buyWholeBook } from '@/lib/server/wallet/book-purchase';
import { buyBatch } from '@/lib/server/wallet/batch-purchase';
import { createOrder } from '@/lib/server/wallet/orders';
import { sendTip } from '@/lib/server/wallet/tips';
import { castVote } from '@/lib/server/wallet/votes';
import { drawPrize } from '@/lib/server/activity/lottery';
import { postComment } from '@/lib/server/social/comment-write';
import { getPrivateAudioUrl } from '@/lib/server/audio/listen';
import { recordMinorsUse, minorsStatus, assertMinorsMayUse } from '@/lib/server/minors/usage';
import { turnOnMinorsMode, turnOffMinorsMode, setMinorsDailyMinutes, modeState } from '@/lib/server/minors/mode';
import { staffTurnOffMinorsMode } from '@/lib/server/minors/console';
import { recordGuardianConsent } from '@/lib/server/wallet/minors';
import { setNovelMinorsSuitable } from '@/lib/server/content/minors-suitable';
import type { StaffActor } from '@/lib/server/core/actor';
import { getDb } from '@/lib/server/db/client';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import type { MinorsStatusDto } from '@/lib/shared/minors-mode';

const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
let admin: StaffActor;
let editor: StaffActor;
beforeAll(async () => {
  admin = {
    id: await createStaffFromCommand(getDb(), { username: 'minors_admin', role: 'admin', password: 'minors-admin-pw-1' }),
    role: 'admin',
    ip: '127.0.0.1',
  };
  editor = {
    id: await createStaffFromCommand(getDb(), { username: 'minors_editor', role: 'editor', password: 'minors-editor-pw-1' }),
    role: 'editor',
    ip: '127.0.0.1',
  };
});

// 2026-11-28 10:00 in Beijing: a business day, far from the night window.
const MORNING = Date.parse('2026-11-28T02:00:00Z');
const at = (ms: number) => new Date(MORNING + ms);
const S = 1000;
const MIN = 60 * S;

async function memberInMode(pin = '2580') {
  const m = await signedInMember();
  await turnOnMinorsMode(m.id, pin, at(0));
  return m;
}
const used = async (memberId: number) =>
  (await d().select().from(minorsUsageDays).where(eq(minorsUsageDays.memberId, memberId)))[0]?.seconds ?? 0;

afterEach(() => jest.useRealTimers());

describe('daily limit accounting (fixed clock)', () => {
  it('adds the real time between beats, at most a minute each, nothing after a pause; reading and listening together', async () => {
    const m = await memberInMode();
    await recordMinorsUse(m.id, at(0)); // the first beat starts counting
    await recordMinorsUse(m.id, at(30 * S));
    await recordMinorsUse(m.id, at(60 * S));
    expect(await used(m.id)).toBe(60);
    // 80 s later (below the 90 s pause): a minute at most.
    await recordMinorsUse(m.id, at(140 * S));
    expect(await used(m.id)).toBe(120);
    // A 10-minute pause counts nothing; counting goes on from there.
    await recordMinorsUse(m.id, at(740 * S));
    await recordMinorsUse(m.id, at(770 * S));
    expect(await used(m.id)).toBe(150);
  });

  it('forged heartbeats: a burst, a replayed older beat or a beat from the future adds no more than real time', async () => {
    const m = await memberInMode();
    await recordMinorsUse(m.id, at(0));
    // 50 beats within the same second add one second at most.
    for (let i = 0; i < 50; i++) await recordMinorsUse(m.id, at(1 * S));
    expect(await used(m.id)).toBe(1);
    // A replayed older beat adds nothing and moves nothing back.
    await recordMinorsUse(m.id, at(0));
    await recordMinorsUse(m.id, at(31 * S));
    expect(await used(m.id)).toBe(31);
    // The route reads the server's clock, not the client's: a beat with a forged body is just a beat.
    freezeDateAt(MORNING + 61 * S);
    const res = await callRoute<MinorsStatusDto>(beatRoute, {
      method: 'POST',
      url: '/v1/my/minors_mode/heartbeat',
      headers: m.auth,
      body: { kind: 'read', seconds: 3600, at: '2026-11-29T00:00:00Z' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.used_seconds).toBe(61);
  });

  it('two devices at once count the time once', async () => {
    const m = await memberInMode();
    await recordMinorsUse(m.id, at(0));
    for (let t = 30; t <= 600; t += 30) {
      // The phone and the tablet beat in the same instant, in parallel.
      await Promise.all([recordMinorsUse(m.id, at(t * S)), recordMinorsUse(m.id, at(t * S + 200))]);
    }
    expect(await used(m.id)).toBe(600);
  });

  it('past the limit the reader and audio refuse with 90420 and the explanation; nothing more is counted', async () => {
    const m = await memberInMode();
    await d()
      .update(minorsModes)
      .set({ lastBeatAt: at(-30 * S) })
      .where(eq(minorsModes.memberId, m.id));
    await d()
      .insert(minorsUsageDays)
      .values({ memberId: m.id, day: '2026-11-28', seconds: 40 * 60 - 20 });
    let status = await recordMinorsUse(m.id, at(0));
    expect(status).toMatchObject({ on: true, daily_minutes: 40, used_seconds: 40 * 60 + 10, blocked: 'limit', remaining_seconds: 0 });
    status = await recordMinorsUse(m.id, at(30 * S));
    expect(status.used_seconds).toBe(40 * 60 + 10);
    await expect(assertMinorsMayUse(m.id, 1, { now: at(40 * S), count: true })).rejects.toMatchObject({
      code: 90420,
      status: 403,
      message: '青少年模式每日40分钟的使用时长已用完，请明天再来',
    });
    // /v1/read for a free chapter of a suitable novel: refused for this member, private.
    freezeDateAt(MORNING + 50 * S);
    const res = await callRoute(readRoute, { url: '/v1/read/1?nid=1', params: { id: '1' }, headers: m.auth });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 90420, data: { minors_mode: 'limit' } });
    await expect(getPrivateAudioUrl(m.id, '/audio/1/index.m3u8', 'localhost', at(60 * S))).rejects.toMatchObject({ code: 90420 });
    // The next business day starts afresh.
    expect((await minorsStatus(m.id, new Date(MORNING + 86_400_000))).blocked).toBeNull();
  });

  it('the member’s own limit is below the console’s, and the console’s limit is the default', async () => {
    const m = await memberInMode('1357');
    await setMinorsDailyMinutes(m.id, '1357', 20, at(0));
    expect((await minorsStatus(m.id, at(0))).daily_minutes).toBe(20);
    await expect(setMinorsDailyMinutes(m.id, '1357', 60, at(0))).rejects.toMatchObject({
      code: 40000,
      message: '每日时长须在10至40分钟之间',
    });
  });
});

describe('night window 22:00–06:00 Beijing (fake time)', () => {
  it('21:59:59 reads, 22:00 stops, 05:59 still stopped, 06:00 reads again', async () => {
    const m = await memberInMode();
    const beijing = (hhmmss: string, day = '2026-11-28') => new Date(`${day}T${hhmmss}+08:00`);
    expect((await minorsStatus(m.id, beijing('21:59:59'))).blocked).toBeNull();
    expect((await minorsStatus(m.id, beijing('22:00:00'))).blocked).toBe('night');
    expect((await minorsStatus(m.id, beijing('05:59:59', '2026-11-29'))).blocked).toBe('night');
    expect((await minorsStatus(m.id, beijing('06:00:00', '2026-11-29'))).blocked).toBeNull();
    // The reader's route at 22:00 by the server's clock.
    freezeDateAt(beijing('22:00:00').getTime());
    const res = await callRoute(readRoute, { url: '/v1/read/1?nid=1', params: { id: '1' }, headers: m.auth });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 90420, message: '青少年模式下22:00至次日6:00无法使用', data: { minors_mode: 'night' } });
    // Night beats count nothing.
    await recordMinorsUse(m.id, beijing('22:00:30'));
    expect(await used(m.id)).toBe(0);
  });

  it('a member outside the mode reads at night as before', async () => {
    const m = await signedInMember();
    freezeDateAt(Date.parse('2026-11-28T23:30:00+08:00'));
    const res = await callRoute(readRoute, { url: '/v1/read/1?nid=1', params: { id: '1' }, headers: m.auth });
    expect(res.status).toBe(200);
  });
});

describe('suitable novels', () => {
  it('a novel not marked suitable is refused in the mode; an editor’s mark (audited) opens it', async () => {
    const m = await memberInMode();
    const [ch] = await d()
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.novelId, 2), eq(chapters.idx, 1)));
    freezeDateAt(MORNING);
    const res = await callRoute(readRoute, { url: `/v1/read/${ch!.id}?nid=2`, params: { id: String(ch!.id) }, headers: m.auth });
    expect(res.body).toMatchObject({ code: 90420, message: '青少年模式下无法查看该作品', data: { minors_mode: 'unsuitable' } });
    jest.useRealTimers();
    await setNovelMinorsSuitable(editor, 2, true);
    expect((await d().select({ ok: novels.minorsSuitable }).from(novels).where(eq(novels.id, 2)))[0]!.ok).toBe(true);
    const [audit] = await d().select().from(staffAuditLog).where(eq(staffAuditLog.action, 'novel.minors_suitable'));
    expect(audit).toMatchObject({ targetType: 'novel', targetId: 2, detail: { before: false, after: true } });
    await setNovelMinorsSuitable(editor, 2, false);
  });
});

describe('switching on and off: API and abuse', () => {
  const post = (auth: Record<string, string>, body: unknown) =>
    callRoute<MinorsStatusDto>(modeRoute, { method: 'POST', url: '/v1/my/minors_mode', headers: auth, body });

  it('on with a 4-digit password, the status says so; off with it', async () => {
    const m = await signedInMember();
    let res = await callRoute<MinorsStatusDto>(statusRoute, { url: '/v1/my/minors_mode', headers: m.auth });
    expect(res.body.data).toMatchObject({ on: false, by_age: false });
    res = await post(m.auth, { op: 'on', pin: '4812', pin_confirm: '4812' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ on: true, has_pin: true, daily_minutes: 40 });
    const [row] = await d().select().from(minorsModes).where(eq(minorsModes.memberId, m.id));
    expect(row!.pinHash).not.toContain('4812');
    expect(row!.pinHash).toHaveLength(64);
    res = await post(m.auth, { op: 'on', pin: '1111', pin_confirm: '1111' });
    expect(res.body).toMatchObject({ code: 40900, message: '青少年模式已开启' });
    res = await post(m.auth, { op: 'off', pin: '4812' });
    expect(res.status).toBe(200);
    expect(res.body.data!.on).toBe(false);
  });

  it('bad input answers 400 with a Chinese message and writes nothing', async () => {
    const m = await signedInMember();
    for (const body of [
      { op: 'on', pin: '12345', pin_confirm: '12345' },
      { op: 'on', pin: 'abcd', pin_confirm: 'abcd' },
      { op: 'on', pin: '1234', pin_confirm: '4321' },
      { op: 'on', pin: 1234, pin_confirm: 1234 },
      { op: 'explode', pin: '1234' },
      {},
      { op: 'limit', pin: '1234', daily_minutes: 'lots' },
    ]) {
      const res = await post(m.auth, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(40000);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const res = await callRoute(beatRoute, {
      method: 'POST',
      url: '/v1/my/minors_mode/heartbeat',
      headers: m.auth,
      body: { kind: 'sleep' },
    });
    expect(res.status).toBe(400);
    expect((await d().select({ n: count() }).from(minorsModes).where(eq(minorsModes.memberId, m.id)))[0]!.n).toBe(0);
  });

  it('anonymous scripts get 90002; switching off without the right password is refused', async () => {
    let res = await callRoute(modeRoute, { method: 'POST', url: '/v1/my/minors_mode', body: { op: 'off', pin: '0000' } });
    expect(res.body.code).toBe(90002);
    res = await callRoute(beatRoute, { method: 'POST', url: '/v1/my/minors_mode/heartbeat', body: { kind: 'read' } });
    expect(res.body.code).toBe(90002);
    const m = await memberInMode('2468');
    res = await post(m.auth, { op: 'off', pin: '0000' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: '密码错误，还可尝试4次', data: { tries_left: 4 } });
    expect((await modeState(m.id))!.on).toBe(true);
    // Another member's password does not open this one.
    const other = await memberInMode('1111');
    await expect(turnOffMinorsMode(m.id, '1111')).rejects.toMatchObject({ code: 40300 });
    expect((await modeState(other.id))!.on).toBe(true);
  });

  it('brute force: the 5th wrong guess locks 15 minutes (even the right password), the 10th until tomorrow', async () => {
    const m = await memberInMode('7391');
    for (let i = 1; i <= 4; i++) await expect(turnOffMinorsMode(m.id, `000${i}`, at(i * S))).rejects.toMatchObject({ code: 40300 });
    await expect(turnOffMinorsMode(m.id, '0005', at(5 * S))).rejects.toMatchObject({ code: 42900 });
    await expect(turnOffMinorsMode(m.id, '7391', at(6 * S))).rejects.toMatchObject({
      code: 42900,
      message: '密码错误次数过多，请于2026-11-28 10:15后再试',
    });
    // After the lock, five more wrong guesses lock until the next business day.
    for (let i = 1; i <= 4; i++)
      await expect(turnOffMinorsMode(m.id, `111${i}`, at(16 * MIN + i * S))).rejects.toMatchObject({ code: 40300 });
    await expect(turnOffMinorsMode(m.id, '1115', at(17 * MIN))).rejects.toMatchObject({ code: 42900 });
    await expect(turnOffMinorsMode(m.id, '7391', at(3 * 60 * MIN))).rejects.toMatchObject({
      code: 42900,
      message: expect.stringContaining('2026-11-29 00:00'),
    });
    expect((await modeState(m.id, undefined, at(0)))!.on).toBe(true);
    // The next day the right password works.
    await turnOffMinorsMode(m.id, '7391', new Date(MORNING + 86_400_000));
    expect((await modeState(m.id))!.on).toBe(false);
  });

  it('a minor is in the mode by age and cannot switch it off, even with a password; support cannot either', async () => {
    const m = await signedInMember();
    await d().update(members).set({ birthDate: '2012-05-01' }).where(eq(members.id, m.id));
    let res = await callRoute<MinorsStatusDto>(statusRoute, { url: '/v1/my/minors_mode', headers: m.auth });
    expect(res.body.data).toMatchObject({ on: true, by_age: true, has_pin: false });
    res = await post(m.auth, { op: 'on', pin: '5555', pin_confirm: '5555' });
    expect(res.body.data).toMatchObject({ on: true, by_age: true, has_pin: true });
    res = await post(m.auth, { op: 'off', pin: '5555' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('未满18周岁的账号无法关闭青少年模式');
    expect((await modeState(m.id))!.on).toBe(true);
    await expect(staffTurnOffMinorsMode(admin, m.id)).rejects.toMatchObject({ code: 40300 });
  });

  it('a guardian’s recorded consent lifts the by-age default; the caps apply again', async () => {
    const m = await signedInMember();
    await d().update(members).set({ birthDate: '2012-05-01' }).where(eq(members.id, m.id));
    await expect(buyChapter(m.id, 1, 30)).rejects.toMatchObject({ code: 40300, reason: 'minor_consent' });
    await recordGuardianConsent(m.id, { guardian_name: '王芳', guardian_phone: '13800000000', relation: 'mother' });
    expect(await modeState(m.id)).toMatchObject({ on: false, byAge: false });
  });

  it('support turns a member’s mode off, audited', async () => {
    const m = await memberInMode();
    await expect(staffTurnOffMinorsMode(editor, m.id)).rejects.toMatchObject({ status: 403 });
    await staffTurnOffMinorsMode(admin, m.id);
    expect((await modeState(m.id))!.on).toBe(false);
    const rows = await d()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'member.minors_off'), eq(staffAuditLog.targetId, m.id)));
    expect(rows).toHaveLength(1);
    await expect(staffTurnOffMinorsMode(admin, m.id)).rejects.toMatchObject({ code: 40900 });
  });
});

describe('every money path is refused server-side in the mode, nothing written', () => {
  const inTx = <T>(fn: (tx: Tx) => Promise<T>) => d().transaction((tx) => fn(tx as unknown as Tx));

  it('buy a chapter, a whole book, a batch, recharge, tip, gift, vote, lottery; comments read-only', async () => {
    const m = await memberInMode();
    await inTx((tx) => credit(tx, m.id, { kind: 'recharge_bonus', source: 'bonus', welth: 100_000, welthCoupon: 0 }));
    await d().insert(lotteryChances).values({ memberId: m.id, source: 'test' });
    const [paid] = await d()
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.novelId, 1), eq(chapters.idx, 30)));
    const refused = { code: 90420, message: '青少年模式下无法充值、购买、打赏、投票或抽奖' };
    await expect(buyChapter(m.id, 1, paid!.id)).rejects.toMatchObject(refused);
    await expect(buyWholeBook(m.id, 6)).rejects.toMatchObject(refused);
    await expect(buyBatch(m.id, 1, paid!.id, 10)).rejects.toMatchObject(refused);
    const [product] = await d().select({ id: products.id }).from(products).limit(1);
    await expect(createOrder(m.id, product!.id, {})).rejects.toMatchObject({ ...refused, reason: 'minors_mode' });
    for (const gift of await d().select().from(gifts).where(eq(gifts.languageType, 1)))
      await expect(sendTip(m.id, 1, { amount: 1, giftId: gift.id })).rejects.toMatchObject(refused);
    await expect(castVote(m.id, 1, 1)).rejects.toMatchObject(refused);
    await expect(drawPrize(m.id)).rejects.toMatchObject(refused);
    await expect(postComment(m.id, { novel_id: 1, type: 1, content: '好看' } as Parameters<typeof postComment>[1])).rejects.toMatchObject({
      code: 90420,
      message: '青少年模式下评论只能查看',
    });
    for (const table of [orders, tips, votes] as const)
      expect((await d().select({ n: count() }).from(table).where(eq(table.memberId, m.id)))[0]!.n).toBe(0);
    const [chance] = await d().select().from(lotteryChances).where(eq(lotteryChances.memberId, m.id));
    expect(chance!.usedAt).toBeNull();
  });
});
