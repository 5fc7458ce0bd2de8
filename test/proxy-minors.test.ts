import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';

// The route guard and 青少年模式's hint cookie (docs/minors-mode.md "Only suitable novels"): a browser carrying it gets
// the suitable home and the per-request novel page; the suitable paths cannot be asked for directly.
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function rewriteOf(path: string, cookie?: string): string | null {
  const headers: Record<string, string> = { 'user-agent': SAFARI };
  if (cookie) headers.cookie = cookie;
  const res = proxy(new NextRequest(new URL(path, 'http://localhost'), { headers }));
  const target = res.headers.get('x-middleware-rewrite');
  return target ? new URL(target).pathname : null;
}

const HINT = 'member_token=tok_abcdefghijklmnopqrstuvwxyz; minors_mode=1';

it.each([
  ['/m', '/m/home/1-1-s'],
  ['/m?gender=2&lang=0', '/m/home/2-0-s'],
  ['/m?tab=listen&lang=2', '/m/home/listen-2-s'],
  ['/m/novels/2', '/m/novels/2/suitable'],
])('with the hint, %s is served by %s', (path, target) => {
  expect(rewriteOf(path, HINT)).toBe(target);
});

it.each([
  ['/m', '/m/home/1-1'],
  ['/m/novels/2', null],
])('without it (or with any other value), %s is the shared page', (path, target) => {
  expect(rewriteOf(path)).toBe(target);
  expect(rewriteOf(path, 'minors_mode=0')).toBe(target);
});

it('the other novel pages are untouched by the hint: they read the mode themselves', () => {
  expect(rewriteOf('/m/novels/2/chapters', HINT)).toBeNull();
  expect(rewriteOf('/m/novels/2/end', HINT)).toBeNull();
});

it.each(['/m/novels/2/suitable', '/m/home/1-1-s'])('%s asked for directly is the not-found page', (path) => {
  expect(rewriteOf(path, HINT)).toBe('/m/_unknown');
  expect(rewriteOf(path)).toBe('/m/_unknown');
});
