import { eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { post, useRules } from './community';
import { POST as tipRoute } from '@/app/v1/novels/[nid]/tips/route';
import { GET as tipsSum } from '@/app/v1/novels/[nid]/tips/sum/route';
import { GET as paragraphTops } from '@/app/v1/novels/comments/paragraph_tops/route';
import { gifts } from '@/lib/server/db/schema';
import { OWN_WRITE_COOKIE, OWN_WRITE_WINDOW_S } from '@/lib/shared/cookies';

// A reader's own public-facing write leaves a cookie that sends their next reads past every shared cache, while
// everyone else keeps the cached answer (docs/deploy.md "What may lag").
const db = useTestDatabase({ seed: true });
useRules({});

const ownWriteOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${OWN_WRITE_COOKIE}=`))
    ?.split(';')
    .map((p) => p.trim());
const sumWith = (cookie?: string, query = '') =>
  callRoute(tipsSum, { url: `/v1/novels/1/tips/sum${query}`, params: { nid: '1' }, headers: cookie ? { cookie } : {} });
const freeGift = async () => (await db.handle().db.select().from(gifts).where(eq(gifts.title, '小红花')))[0]!;

describe('a reader sees their own write past shared caches', () => {
  it('a tip leaves the own-write cookie: readable by the page, living as long as a shared copy may', async () => {
    const me = await signedInMember();
    const before = Date.now();
    const res = await callRoute(tipRoute, {
      method: 'POST',
      url: '/v1/novels/1/tips',
      params: { nid: '1' },
      body: { gift_id: (await freeGift()).id },
      headers: me.auth,
    });
    expect(res.status).toBe(200);
    const cookie = ownWriteOf(res.headers)!;
    expect(Number(cookie[0]!.split('=')[1])).toBeGreaterThanOrEqual(before);
    expect(cookie).toContain(`Max-Age=${OWN_WRITE_WINDOW_S}`);
    expect(cookie.map((p) => p.toLowerCase())).not.toContain('httponly');
    expect(cookie).toContain('Path=/');
  });

  it('a refused tip or comment leaves no cookie', async () => {
    const me = await signedInMember();
    const broke = await callRoute(tipRoute, {
      method: 'POST',
      url: '/v1/novels/1/tips',
      params: { nid: '1' },
      body: { gift_id: (await freeGift()).id, amount: 2 },
      headers: me.auth,
    });
    expect(broke.status).toBe(400);
    expect(ownWriteOf(broke.headers)).toBeUndefined();
    const empty = await post(me, { novel_id: 1, content: '', type: 1 });
    expect(empty.status).toBe(400);
    expect(ownWriteOf(empty.headers)).toBeUndefined();
  });

  it('a comment leaves it too, and the writer’s paragraph counts are then read uncached', async () => {
    const me = await signedInMember();
    const res = await post(me, { novel_id: 1, content: '这一段写得真好，值得一读', type: 1 });
    expect(res.status).toBe(200);
    const cookie = ownWriteOf(res.headers)![0]!;
    const tops = await callRoute(paragraphTops, { url: '/v1/novels/comments/paragraph_tops?novel_id=1&chapter_id=1', headers: { cookie } });
    expect(tops.status).toBe(200);
    expect(tops.headers.get('cache-control')).toBe('private, no-store');
    const others = await callRoute(paragraphTops, { url: '/v1/novels/comments/paragraph_tops?novel_id=1&chapter_id=1' });
    expect(others.headers.get('cache-control')).toBe('private, max-age=60');
  });

  it('public answers stay shared for everyone else; the writer’s are private while the cookie is recent', async () => {
    expect((await sumWith()).headers.get('cache-control')).toContain('public');
    expect((await sumWith(`${OWN_WRITE_COOKIE}=${Date.now() - 5_000}`)).headers.get('cache-control')).toBe('private, no-store');
    expect((await sumWith(undefined, '?fresh=123')).headers.get('cache-control')).toBe('private, no-store');
    // Past the window no shared copy from before the write can be served any more: back to the shared answer.
    const old = Date.now() - (OWN_WRITE_WINDOW_S + 5) * 1000;
    expect((await sumWith(`${OWN_WRITE_COOKIE}=${old}`)).headers.get('cache-control')).toContain('public');
    // A cookie that is not a time changes nothing, and never fails the read.
    const junk = await sumWith(`${OWN_WRITE_COOKIE}=%3Cscript%3E`);
    expect(junk.status).toBe(200);
    expect(junk.headers.get('cache-control')).toContain('public');
  });
});
