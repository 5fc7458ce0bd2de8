import Cookies from 'js-cookie';
import { LOCAL_HISTORY_KEY, LOCAL_HISTORY_MAX, listLocal, recordLocal, removeLocal, syncLocalHistory } from './local-history';

const entry = (nid: number, readAt: number, aid = nid * 100) => ({
  nid,
  aid,
  idx: nid,
  title: `书${nid}`,
  article: `第${nid}章`,
  thumb: `/covers/${nid}.svg`,
  readAt,
});
const ok = (data: unknown) => ({ ok: true, status: 200, json: () => Promise.resolve({ code: 0, message: '', data }) });
const fail = (status: number, code: number) => ({ ok: false, status, json: () => Promise.resolve({ code, message: '失败' }) });

type Reply = ReturnType<typeof ok> | ReturnType<typeof fail> | Error;
/** fetch answering GET /v1/my/readlogs with `server` and each POST with the next of `posts` (ok by default). */
function mockApi(server: unknown[] = [], posts: Reply[] = []) {
  const fn = jest.fn((url: string, init: { method: string }) => {
    if (init.method === 'GET') return Promise.resolve(ok({ data: server, hasmore: false }));
    const next = posts.shift() ?? ok({});
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}
const postedBodies = (fn: jest.Mock) => fn.mock.calls.filter(([, init]) => init.method === 'POST').map(([, init]) => JSON.parse(init.body));

beforeEach(() => {
  localStorage.clear();
  Cookies.remove('member_id');
});

describe('local history', () => {
  it('keeps one entry per novel, newest first, at most 50', () => {
    for (let i = 1; i <= 60; i++) recordLocal(entry(i, 1000 + i));
    expect(listLocal()).toHaveLength(LOCAL_HISTORY_MAX);
    expect(listLocal()[0]!.nid).toBe(60);
    expect(listLocal().at(-1)!.nid).toBe(11);
    // Reading novel 30 again moves it to the front with its new position, without a second entry.
    recordLocal({ ...entry(30, 5000), aid: 3005, idx: 9 });
    expect(listLocal()).toHaveLength(LOCAL_HISTORY_MAX);
    expect(listLocal()[0]).toMatchObject({ nid: 30, aid: 3005, idx: 9, readAt: 5000 });
    expect(listLocal().filter((e) => e.nid === 30)).toHaveLength(1);
  });

  it('stamps readAt when the reader does not, removes by novel, and survives a corrupt store', () => {
    const before = Date.now();
    recordLocal({ nid: 1, aid: 10, idx: 0, title: '书', article: '第1章', thumb: '' });
    expect(listLocal()[0]!.readAt).toBeGreaterThanOrEqual(before);
    recordLocal(entry(2, 1));
    recordLocal(entry(3, 2));
    removeLocal([1, 3]);
    expect(listLocal().map((e) => e.nid)).toEqual([2]);
    removeLocal([2]);
    expect(localStorage.getItem(LOCAL_HISTORY_KEY)).toBeNull();
    localStorage.setItem(LOCAL_HISTORY_KEY, '{not json');
    expect(listLocal()).toEqual([]);
    localStorage.setItem(LOCAL_HISTORY_KEY, JSON.stringify([{ nid: 'x' }, entry(4, 1)]));
    expect(listLocal().map((e) => e.nid)).toEqual([4]);
  });
});

describe('syncLocalHistory', () => {
  it('does nothing without a member cookie, or without entries', async () => {
    const fn = mockApi();
    recordLocal(entry(1, 1000));
    await expect(syncLocalHistory()).resolves.toBe(0);
    Cookies.set('member_id', '7');
    localStorage.clear();
    await expect(syncLocalHistory()).resolves.toBe(0);
    expect(fn).not.toHaveBeenCalled();
  });

  it('posts the entries oldest first as text positions, then clears them', async () => {
    recordLocal(entry(1, 1_000_000));
    recordLocal(entry(2, 2_000_000));
    recordLocal(entry(3, 3_000_000));
    Cookies.set('member_id', '7');
    const fn = mockApi();
    await expect(syncLocalHistory()).resolves.toBe(3);
    expect(fn.mock.calls[0]![0]).toBe('/v1/my/readlogs?start=0&limit=100');
    expect(postedBodies(fn)).toEqual([
      { article_id: 100, read_type: 1, idx: 1 },
      { article_id: 200, read_type: 1, idx: 2 },
      { article_id: 300, read_type: 1, idx: 3 },
    ]);
    expect(fn.mock.calls.filter(([, init]) => init.method === 'POST').every(([url]) => url === '/v1/my/readlogs')).toBe(true);
    expect(listLocal()).toEqual([]);
  });

  it('lets a position the account already has from later win, and drops it locally', async () => {
    const at = Date.parse('2026-03-01T10:00:30+08:00');
    recordLocal(entry(1, at));
    recordLocal(entry(2, at));
    Cookies.set('member_id', '7');
    const fn = mockApi([
      { nid: 1, readAt: '2026-03-01 10:05' },
      { nid: 2, readAt: '2026-03-01 09:59' },
    ]);
    await expect(syncLocalHistory()).resolves.toBe(1);
    expect(postedBodies(fn).map((b) => b.article_id)).toEqual([200]);
    expect(listLocal()).toEqual([]);
  });

  it('stops at a transient failure and keeps the rest in order; drops what the server will never take', async () => {
    recordLocal(entry(1, 1_000_000));
    recordLocal(entry(2, 2_000_000));
    recordLocal(entry(3, 3_000_000));
    Cookies.set('member_id', '7');
    mockApi([], [fail(404, 40400), new Error('offline')]);
    await expect(syncLocalHistory()).resolves.toBe(0);
    expect(listLocal().map((e) => e.nid)).toEqual([3, 2]);
    const fn = mockApi();
    await expect(syncLocalHistory()).resolves.toBe(2);
    expect(postedBodies(fn).map((b) => b.article_id)).toEqual([200, 300]);
    expect(listLocal()).toEqual([]);
  });

  it('a stale member cookie (90002) is forgotten and the entries are kept', async () => {
    recordLocal(entry(1, 1000));
    Cookies.set('member_id', '7');
    global.fetch = jest.fn().mockResolvedValue(fail(401, 90002)) as unknown as typeof fetch;
    await expect(syncLocalHistory()).resolves.toBe(0);
    expect(Cookies.get('member_id')).toBeUndefined();
    expect(listLocal()).toHaveLength(1);
  });

  it('concurrent calls share one run, and an entry recorded meanwhile stays', async () => {
    recordLocal(entry(1, 1000));
    Cookies.set('member_id', '7');
    const fn = mockApi();
    const first = syncLocalHistory();
    const second = syncLocalHistory();
    recordLocal(entry(2, 9_000_000));
    await expect(Promise.all([first, second])).resolves.toEqual([1, 1]);
    expect(postedBodies(fn)).toHaveLength(1);
    expect(listLocal().map((e) => e.nid)).toEqual([2]);
  });
});
