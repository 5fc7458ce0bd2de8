import Cookies from 'js-cookie';
import { COOKIE } from '@/lib/shared/cookies';
import { mockFetch } from '@/test/mock-fetch';
import { setFailureHandler } from '../api';
import { memberId } from '../identity';
import { saveHideGames, signOut } from './accounts';
import { removeFromList, REMOVE_BATCH, setAudioShelf } from './shelf';

// The action functions with logic of their own (docs/development.md "One home for client data").
const handler = jest.fn();
beforeEach(() => {
  handler.mockReset();
  setFailureHandler(handler);
});
afterEach(() => setFailureHandler(undefined));

describe('signOut', () => {
  it('posts /v1/logout with a signature, then clears the member cookies', async () => {
    Cookies.set(COOKIE.memberId, '7', { path: '/' });
    const { calls, fn } = mockFetch({ 'POST /v1/logout': { data: null } });
    await signOut();
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: '/v1/logout', body: {} })]);
    const headers = (fn.mock.calls[0]![1] as RequestInit).headers as Record<string, string>;
    expect(headers['x-sig']).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(memberId()).toBeUndefined();
  });

  it('clears the member even when the call fails, silently (no toast, no sign-in redirect on the way out)', async () => {
    Cookies.set(COOKIE.memberId, '7', { path: '/' });
    mockFetch({ 'POST /v1/logout': { status: 401, code: 90002, message: '请先登录' } });
    await expect(signOut()).resolves.toBeUndefined();
    expect(handler).not.toHaveBeenCalled();
    expect(memberId()).toBeUndefined();
  });
});

describe('saveHideGames', () => {
  it('posts the one setting and answers the stored value; a refusal runs the error catalogue and throws', async () => {
    const { calls } = mockFetch({ 'POST /v1/my/settings': (body) => ({ data: body }) });
    await expect(saveHideGames(true)).resolves.toEqual({ hide_games: true });
    expect(calls[0]!.body).toEqual({ hide_games: true });
    mockFetch({ 'POST /v1/my/settings': { status: 500, code: 50000, message: '服务器繁忙' } });
    await expect(saveHideGames(false)).rejects.toMatchObject({ code: 50000 });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('removeFromList', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it.each([
    ['favorites', 1, '/v1/favorites/batch', 'nids'],
    ['favorites', 2, '/v1/tts/favorites_tts/batch', 'nids'],
    ['readlogs', 1, '/v1/my/readlogs/batch', 'novel_ids'],
    ['readlogs', 2, '/v1/my/readlogs_tts/batch', 'novel_ids'],
  ] as const)('%s of read type %d: DELETE %s with %s', async (kind, readType, path, param) => {
    const { calls } = mockFetch({ [`DELETE ${path}`]: { data: null } });
    await removeFromList(kind, readType, [3, 5]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`DELETE ${path}?${param}=3%2C5`]);
  });

  it('sends REMOVE_BATCH ids a call, in order', async () => {
    const { calls } = mockFetch({ 'DELETE /v1/favorites/batch': { data: null } });
    await removeFromList('favorites', 1, ids(REMOVE_BATCH * 2 + 1));
    const sent = calls.map((c) => new URL(c.url, 'http://x').searchParams.get('nids')!.split(',').map(Number));
    expect(sent.map((b) => b.length)).toEqual([REMOVE_BATCH, REMOVE_BATCH, 1]);
    expect(sent.flat()).toEqual(ids(REMOVE_BATCH * 2 + 1));
  });

  it('stops at a failing batch and throws after the error catalogue ran', async () => {
    let n = 0;
    const { calls } = mockFetch({
      'DELETE /v1/my/readlogs/batch': () => (++n === 2 ? { status: 500, code: 50000, message: '服务器繁忙' } : { data: null }),
    });
    await expect(removeFromList('readlogs', 1, ids(REMOVE_BATCH * 3))).rejects.toMatchObject({ code: 50000 });
    expect(calls).toHaveLength(2);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('setAudioShelf', () => {
  it('adds with POST /v1/favorites_tts and removes with DELETE /v1/favorites?read_type=2', async () => {
    const { calls } = mockFetch({ 'POST /v1/favorites_tts': { data: null }, 'DELETE /v1/favorites': { data: null } });
    await setAudioShelf(4, true);
    await setAudioShelf(4, false);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /v1/favorites_tts', 'DELETE /v1/favorites?nid=4&read_type=2']);
    expect(calls[0]!.body).toEqual({ nid: 4, read_type: 2 });
  });
});
