import { z } from 'zod';
import { count, eq } from 'drizzle-orm';
import { withApi } from './with-api';
import { ApiError } from '../core/errors';
import { callRoute } from '@/test/route';
import { useTestDatabase } from '@/test/db';
import { idempotencyKeys, members, sessions } from '../db/schema';
import { hashToken } from '../accounts/tokens';

const db = useTestDatabase();
const TOKEN_A = 'a'.repeat(43);
const TOKEN_B = 'b'.repeat(43);
const REVOKED = 'r'.repeat(43);

beforeAll(async () => {
  const d = db.handle().db;
  const [a, b] = await d
    .insert(members)
    .values([{ nickname: 'A' }, { nickname: 'B' }])
    .returning({ id: members.id });
  const future = new Date(Date.now() + 86_400_000);
  await d.insert(sessions).values([
    { memberId: a!.id, tokenHash: hashToken(TOKEN_A), expiresAt: future },
    { memberId: b!.id, tokenHash: hashToken(TOKEN_B), expiresAt: future },
    { memberId: a!.id, tokenHash: hashToken(REVOKED), expiresAt: future, revokedAt: new Date() },
  ]);
});

describe('withApi', () => {
  const whoAmI = withApi(async ({ member }) => ({ member_id: member?.id ?? null }), { auth: 'member' });

  it('resolves the member from a bearer token or the member_token cookie', async () => {
    const bearer = await callRoute(whoAmI, { url: '/v1/x', headers: { authorization: `Bearer ${TOKEN_A}` } });
    const cookie = await callRoute(whoAmI, { url: '/v1/x', headers: { cookie: `member_token=${TOKEN_B}` } });
    expect(bearer.body.data).toEqual({ member_id: 1 });
    expect(cookie.body.data).toEqual({ member_id: 2 });
  });

  it.each([
    ['no token', {}],
    ['an unknown token', { authorization: `Bearer ${'z'.repeat(43)}` }],
    ['a revoked token', { authorization: `Bearer ${REVOKED}` }],
  ])('answers 90002 to %s on a member route', async (_name, headers) => {
    const res = await callRoute(whoAmI, { url: '/v1/x', headers });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 90002, message: '请先登录' });
  });

  it('replays the first answer for the same member, route and x-sig, running the action once', async () => {
    let runs = 0;
    const create = withApi(async ({ body }) => ({ run: ++runs, echo: body.n }), { auth: 'member', body: z.object({ n: z.number() }) });
    const call = (sig: string, token = TOKEN_A, n = 1) =>
      callRoute(create, { method: 'POST', url: '/v1/things', body: { n }, headers: { authorization: `Bearer ${token}`, 'x-sig': sig } });
    const first = await call('Sig0000000000001');
    const again = await call('Sig0000000000001', TOKEN_A, 2);
    expect(first.body.data).toEqual({ run: 1, echo: 1 });
    expect(again.body.data).toEqual({ run: 1, echo: 1 });
    expect(again.headers.get('x-idempotent-replay')).toBe('1');
    // Another x-sig, or another member with the same x-sig, runs the action.
    expect((await call('Sig0000000000002')).body.data).toEqual({ run: 2, echo: 1 });
    expect((await call('Sig0000000000001', TOKEN_B)).body.data).toEqual({ run: 3, echo: 1 });
  });

  it('answers concurrent duplicates once: the rest replay or are told it is in progress', async () => {
    let runs = 0;
    // The action is held open until the four duplicates have been answered, so they all arrive while it runs.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slow = withApi(
      async () => {
        runs++;
        await held;
        return { ok: true };
      },
      { auth: 'member' },
    );
    let answered = 0;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        callRoute(slow, {
          method: 'POST',
          url: '/v1/slow',
          headers: { authorization: `Bearer ${TOKEN_A}`, 'x-sig': 'Sig0000000000003' },
        }).then((r) => {
          if (++answered === 4) release();
          return r;
        }),
      ),
    );
    expect(runs).toBe(1);
    // Held open, the action was still running when each duplicate came: each was told so, and it answered once.
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === '请求正在处理中，请勿重复提交')).toBe(true);
  });

  it('lets a retry take over a claim left unanswered past the lease (its server was killed mid-request)', async () => {
    let runs = 0;
    const action = withApi(async () => ({ run: ++runs }), { auth: 'member' });
    const call = () =>
      callRoute(action, {
        method: 'POST',
        url: '/v1/crashy',
        headers: { authorization: `Bearer ${TOKEN_A}`, 'x-sig': 'Sig0000000000007' },
      });
    // What a SIGKILL between claim and answer leaves behind: a claim with no answer.
    await db.handle().db.insert(idempotencyKeys).values({ actor: 'm:1', route: 'POST /v1/crashy', sig: 'Sig0000000000007' });
    expect((await call()).body.message).toBe('请求正在处理中，请勿重复提交');
    await db
      .handle()
      .db.update(idempotencyKeys)
      // Not renewed for longer than the lease: no live server holds it any more.
      .set({ createdAt: new Date(Date.now() - 61_000), renewedAt: new Date(Date.now() - 61_000) })
      .where(eq(idempotencyKeys.sig, 'Sig0000000000007'));
    expect((await call()).body.data).toEqual({ run: 1 });
    // The new claim was answered and replays like any other.
    expect((await call()).body.data).toEqual({ run: 1 });
    expect(runs).toBe(1);
  });

  it('replays a 4xx answer too, but not a 5xx', async () => {
    let runs = 0;
    const flaky = withApi(async () => {
      runs++;
      if (runs === 1) throw new ApiError(40900, '库存不足');
      if (runs === 2) throw new Error('database exploded at /srv/app.ts:12');
      return { ok: true };
    });
    const call = (sig: string) => callRoute(flaky, { method: 'POST', url: '/v1/flaky', headers: { 'x-sig': sig } });
    expect((await call('Sig0000000000004')).body).toEqual({ code: 40900, message: '库存不足' });
    expect((await call('Sig0000000000004')).body).toEqual({ code: 40900, message: '库存不足' });
    const failed = await call('Sig0000000000005');
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ code: 50000, message: '服务器繁忙，请稍后再试', request_id: failed.headers.get('x-request-id') });
    const retried = await call('Sig0000000000005');
    expect(retried.status).toBe(200);
    expect(runs).toBe(3);
  });

  it('does not record idempotency keys for GET, and refuses a mutation without a well-formed x-sig before running it', async () => {
    const [before] = await db.handle().db.select({ n: count() }).from(idempotencyKeys);
    let runs = 0;
    const ok = withApi(async () => ++runs);
    await callRoute(ok, { url: '/v1/g', headers: { 'x-sig': 'Sig0000000000006' } });
    for (const sig of ['short', 'Sig00000000000060', 'Sig000000000000!', undefined]) {
      const refused = await callRoute(ok, { method: 'POST', url: '/v1/g', headers: { 'x-sig': sig } });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ code: 40000, message: '请求签名缺失或格式不正确，请刷新页面后重试' });
    }
    const [after] = await db.handle().db.select({ n: count() }).from(idempotencyKeys);
    expect(after!.n).toBe(before!.n);
    expect(runs).toBe(1);
  });

  it('lets a route exempt from x-sig (a provider notification) take an unsigned mutation', async () => {
    const notify = withApi(async ({ sig }) => ({ sig }), { sig: 'exempt' });
    const res = await callRoute(notify, { method: 'POST', url: '/v1/pay/notify/x', headers: { 'x-sig': undefined } });
    expect(res.body).toEqual({ code: 0, message: '', data: { sig: null } });
  });

  it('hands the x-sig to the handler', async () => {
    const echo = withApi(async ({ sig }) => ({ sig }));
    expect((await callRoute(echo, { method: 'POST', url: '/v1/e', headers: { 'x-sig': 'Sig0000000000010' } })).body.data).toEqual({
      sig: 'Sig0000000000010',
    });
  });

  it('parses the query with zod and answers Chinese messages', async () => {
    const list = withApi(async ({ query }) => query, { query: z.object({ limit: z.coerce.number().int().max(100) }) });
    const bad = await callRoute(list, { url: '/v1/list?limit=500' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^limit：.*[\u4e00-\u9fff]/);
    const good = await callRoute(list, { url: '/v1/list?limit=5' });
    expect(good.body.data).toEqual({ limit: 5 });
  });

  it('sheds load with HTTP 418 above the in-flight limit', async () => {
    const previous = process.env.MAX_INFLIGHT;
    const holder = globalThis as { __shushengInflight?: number };
    holder.__shushengInflight = 10_000;
    try {
      const res = await callRoute(
        withApi(async () => 1),
        { url: '/v1/any' },
      );
      expect(res.status).toBe(418);
      expect(res.body.code).toBe(41800);
    } finally {
      holder.__shushengInflight = 0;
      process.env.MAX_INFLIGHT = previous;
    }
  });
});
