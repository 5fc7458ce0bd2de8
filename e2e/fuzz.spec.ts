// Server-level fuzz (issue 12): raw requests against the production server for every route pattern in app/
// (route handlers and pages, found at test time): broken %-escapes in any segment, NUL, overlong paths, odd
// methods, huge headers, malformed bodies. Sent over a plain socket so nothing normalises the request line.
// The answer must never be a 5xx. Runs on one Playwright project only: no browser is used, so the device
// does not matter.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from './helpers/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const APP = path.join(__dirname, '..', 'app');

test.describe.configure({ timeout: 600_000 });

/** URL patterns of every route handler and page, with route groups removed: /v1/novels/[nid], /m/read/[aid]… */
function routePatterns(): string[] {
  const files = (fs.readdirSync(APP, { recursive: true }) as string[]).filter((f) => /(^|\/)(route\.ts|page\.tsx)$/.test(f));
  const patterns = files.map(
    (f) =>
      `/${path
        .dirname(f)
        .split(path.sep)
        .filter((s) => s !== '.' && !/^\(.*\)$/.test(s))
        .join('/')}`,
  );
  return [...new Set(patterns)].sort();
}

const BAD_SEGMENTS = [
  '%FF%FE',
  '%FF',
  '%E0%A4%A',
  '%',
  '%%30',
  '%00',
  'a%00b',
  '%C0%AF',
  '%ED%A0%80',
  '..%2F..%2Fetc',
  '%2e%2e',
  'x'.repeat(3000),
  '-1',
  '1.5',
  '99999999999',
  '%F0%9F%99%82',
];

/** Raw paths: each dynamic segment bad; each static segment turned into a broken escape; the last one suffixed. */
function pathsFor(pattern: string): string[] {
  const segs = pattern.split('/').slice(1);
  const good = segs.map((s) => (/^\[/.test(s) ? '1' : s));
  const out = new Set<string>();
  segs.forEach((s, i) => {
    const values = /^\[/.test(s) ? BAD_SEGMENTS : ['%FF', `${s}%00`];
    for (const v of values) out.add(`/${good.map((g, j) => (j === i ? v : g)).join('/')}`);
  });
  out.add(`/${good.join('/')}%FF`);
  out.add(`/${good.join('/')}?${['a=%FF', 'b=%E0%A4%A', 'nid=%00', 'keyword=%', 'x[]=1&x[]=2', 'start=-1', 'limit=1e400'].join('&')}`);
  return [...out];
}

interface RawResult {
  status: number;
  head: string;
}

/** One request over a fresh socket, exactly as written. Status 0: the server closed without an answer. */
function rawRequest(method: string, rawPath: string, headers: Record<string, string> = {}, body?: string): Promise<RawResult> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1');
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const text = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : 0, head: text.slice(0, 300) });
      socket.destroy();
    };
    socket.setTimeout(30_000, finish);
    socket.on('data', (c) => {
      chunks.push(c);
      if (/\r\n\r\n/.test(Buffer.concat(chunks).toString('latin1'))) finish(); // the status line and headers are enough
    });
    socket.on('end', finish);
    socket.on('error', finish);
    const bodyBytes = body === undefined ? undefined : Buffer.from(body, 'utf8');
    const lines = [`${method} ${rawPath} HTTP/1.1`, `Host: 127.0.0.1:${PORT}`, 'Connection: close'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    if (bodyBytes) lines.push(`Content-Length: ${bodyBytes.length}`);
    socket.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bodyBytes ?? Buffer.alloc(0)]));
  });
}

interface Case {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const pattern of routePatterns()) {
    for (const p of pathsFor(pattern)) out.push({ method: 'GET', path: p });
    const plain = pattern.replace(/\[[^\]]+\]/g, '1').replace(/\[|\]/g, '');
    for (const method of ['HEAD', 'OPTIONS', 'PROPFIND', 'TRACE', 'FOO']) out.push({ method, path: plain });
    // Headers no client should send: origins that are no origin, non-ASCII tokens (as raw bytes), a broken cookie.
    for (const headers of <Record<string, string>[]>[
      {
        'X-Forwarded-Host': '[::1',
        'X-Forwarded-Proto': '%',
        Authorization: `Bearer ${'\u00e4'.repeat(40)}`,
        'x-admin-token': '\u00e4\u00bb\u00a4'.repeat(9),
      },
      { 'X-Forwarded-Host': 'a b', Cookie: 'member_token=%FF%FE; zaid=%00', 'x-sig': '\u00e7\u00ad\u00be'.repeat(6) },
    ]) {
      out.push(
        { method: 'GET', path: plain, headers },
        { method: 'POST', path: plain, headers: { ...headers, 'Content-Type': 'text/plain' }, body: 'a=1' },
      );
    }
    if (pattern.startsWith('/v1/')) {
      for (const body of ['{"a":"\\u0000"}', '{"nid":"\\uD800"}', '{', '[]', `{"a":${'1'.repeat(400)}}`, `${'['.repeat(5000)}`]) {
        out.push({ method: 'POST', path: plain, headers: { 'Content-Type': 'application/json', 'x-sig': 'fuzzfuzzfuzzfuzz' }, body });
      }
    }
  }
  // Paths outside any pattern, the asset routes the attack hit, overlong paths and odd headers.
  for (const p of [
    '/v1/novels/%FF%FE',
    '/audio/%FF/index.m3u8',
    '/covers/%FF.svg',
    '/sitemaps/%FF',
    '/m/novels/%FF',
    '/m/read/%E0%A4%A',
    '/%FF',
    '/%00',
    '/m/%C0%AF',
    '/_next/%FF',
    '/_next/static/%FF.js',
    '/favicon.ico%00',
  ]) {
    out.push({ method: 'GET', path: p });
  }
  out.push({
    method: 'POST',
    path: `/v1/${'%E4%B9%A6'.repeat(1500)}`,
    headers: { 'Content-Type': 'application/json', 'x-sig': 'aaaaaaaaaaaaaaaa' },
    body: '{}',
  });
  out.push(
    { method: 'GET', path: `/v1/${'a/'.repeat(4000)}` },
    { method: 'GET', path: `/m/${'%FF'.repeat(3000)}` },
    { method: 'GET', path: `/v1/search?keyword=${'x'.repeat(60_000)}` },
  );
  const huge = 'x'.repeat(14_000);
  for (const p of ['/v1/health', '/v1/my/profile', '/m', '/m/read/1']) {
    out.push(
      { method: 'GET', path: p, headers: { 'x-huge': huge } },
      { method: 'GET', path: p, headers: { Cookie: `member_token=${huge}` } },
      {
        method: 'GET',
        path: p,
        headers: {
          Authorization: `Bearer ${'\u00e4'.repeat(300)}`,
          'x-admin-token': '\u00e4\u00bb\u00a4',
          Cookie: 'member_token=%FF; zaid=\u00e4',
        },
      },
      { method: 'GET', path: p, headers: { 'X-Forwarded-Host': '[::1', 'X-Forwarded-Proto': '%' } },
      { method: 'GET', path: p, headers: { 'User-Agent': `MicroMessenger ${'\u00ff'.repeat(5000)}` } },
    );
  }
  return out;
}

test('no 5xx from the production server for bad paths, methods, headers and bodies', async () => {
  const info = test.info();
  test.skip(info.project.name !== info.config.projects[0]!.name, 'server-level fuzz runs on one project only');
  const all = cases();
  const results: { c: Case; r: RawResult }[] = [];
  const queue = [...all];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let c = queue.shift(); c; c = queue.shift()) results.push({ c, r: await rawRequest(c.method, c.path, c.headers, c.body) });
    }),
  );
  const bad = results.filter(({ r }) => r.status >= 500 || r.status === 0);
  const clip = (s: string) => (s.length > 120 ? `${s.slice(0, 100)}…(${s.length})` : s);
  const byPattern = new Map<string, string[]>();
  for (const { c, r } of bad) {
    const k = `${r.status} ${c.method} ${c.path.replace(/\?.*/, '?…').replace(/[^/]{40,}/g, '…')}`;
    byPattern.set(k, [
      ...(byPattern.get(k) ?? []),
      `${c.method} ${clip(c.path)} ${c.body ? clip(c.body) : ''} ${JSON.stringify(Object.keys(c.headers ?? {}))}`,
    ]);
  }
  const report = [
    `server fuzz: ${all.length} requests, ${bad.length} × 5xx or no answer`,
    ...[...byPattern.entries()].map(([k, v]) => `  ${v.length} × ${k}\n      e.g. ${v[0]}`),
  ].join('\n');
  fs.mkdirSync(path.join(__dirname, '..', '.test-results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, '..', '.test-results', 'fuzz-server.txt'), `${report}\n`);
  console.log(report);
  expect(bad.map(({ c, r }) => `${r.status} ${c.method} ${clip(c.path)} ${c.body ? clip(c.body) : ''}`)).toEqual([]);
});
