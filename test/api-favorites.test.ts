import { count } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as add, DELETE as remove } from '@/app/v1/favorites/route';
import { POST as addTts } from '@/app/v1/favorites_tts/route';
import { GET as status } from '@/app/v1/novels/[nid]/favorite_status/route';
import { GET as ttsStatus } from '@/app/v1/novels/[nid]/favorite_tts_status/route';
import { favorites } from '@/lib/server/db/schema';

const db = useTestDatabase({ seed: true });
const rows = async () => (await db.handle().db.select({ n: count() }).from(favorites))[0]!.n;

describe('the shelf calls used by the novel page', () => {
  it('adds, reports and removes a favourite of each kind, once per novel and kind', async () => {
    const m = await signedInMember();
    expect(
      (await callRoute(add, { method: 'POST', url: '/v1/favorites', body: { nid: 1, read_type: 1 }, headers: m.auth })).body.data,
    ).toEqual({ nid: 1, read_type: 1, is_favorited: true });
    await callRoute(add, { method: 'POST', url: '/v1/favorites', body: { nid: 1 }, headers: m.auth });
    await callRoute(addTts, { method: 'POST', url: '/v1/favorites_tts', body: { nid: 1 }, headers: m.auth });
    expect((await callRoute(status, { url: '/v1/novels/1/favorite_status', params: { nid: '1' }, headers: m.auth })).body.data).toEqual({
      is_favorited: true,
    });
    expect(
      (await callRoute(ttsStatus, { url: '/v1/novels/1/favorite_tts_status', params: { nid: '1' }, headers: m.auth })).body.data,
    ).toEqual({ is_favorited: true });
    expect((await callRoute(remove, { method: 'DELETE', url: '/v1/favorites?nid=1&read_type=1', headers: m.auth })).body.data).toEqual({
      removed: 1,
    });
    expect((await callRoute(status, { url: '/v1/novels/1/favorite_status', params: { nid: '1' }, headers: m.auth })).body.data).toEqual({
      is_favorited: false,
    });
    expect(
      (await callRoute(ttsStatus, { url: '/v1/novels/1/favorite_tts_status', params: { nid: '1' }, headers: m.auth })).body.data,
    ).toEqual({ is_favorited: true });
  });

  it('needs a member, and refuses bad ids, missing and off-shelf novels without writing', async () => {
    const m = await signedInMember();
    const before = await rows();
    expect((await callRoute(add, { method: 'POST', url: '/v1/favorites', body: { nid: 1 } })).body.code).toBe(90002);
    expect((await callRoute(add, { method: 'POST', url: '/v1/favorites', body: { nid: 'x' }, headers: m.auth })).status).toBe(400);
    expect((await callRoute(add, { method: 'POST', url: '/v1/favorites', body: { nid: 1, read_type: 3 }, headers: m.auth })).status).toBe(
      400,
    );
    expect((await callRoute(add, { method: 'POST', url: '/v1/favorites', body: { nid: 99999 }, headers: m.auth })).status).toBe(404);
    expect((await callRoute(add, { method: 'POST', url: '/v1/favorites', body: { nid: 5 }, headers: m.auth })).body.code).toBe(90401);
    expect((await callRoute(remove, { method: 'DELETE', url: '/v1/favorites?nid=-1', headers: m.auth })).status).toBe(400);
    expect(await rows()).toBe(before);
  });

  it('one member never sees another’s shelf', async () => {
    const a = await signedInMember();
    const b = await signedInMember();
    await callRoute(add, { method: 'POST', url: '/v1/favorites', body: { nid: 2 }, headers: a.auth });
    expect((await callRoute(status, { url: '/v1/novels/2/favorite_status', params: { nid: '2' }, headers: b.auth })).body.data).toEqual({
      is_favorited: false,
    });
  });
});
