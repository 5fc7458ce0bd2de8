// nginx in front of the app as deployed (docs/deploy.md "Load balancer"): TLS and HTTP/2 end at nginx, which
// compresses for the browser (brotli when Debian's module is installed, else gzip) and asks the app for plain
// answers. The cluster test's plain-HTTP shape is unchanged. Runs the real nginx; skipped where there is none.
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { describePgliteOnly } from './pglite-only';

const NGINX = '/usr/sbin/nginx';
const BROTLI = fs.existsSync('/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so');
const describeWithNginx = fs.existsSync(NGINX) ? describePgliteOnly : describe.skip;

// A script the size of a framework chunk, and what encoding the app was asked for.
const SCRIPT = `/* chunk */ ${'self.__chunk=(self.__chunk||[]).concat([1,2,3]);\n'.repeat(400)}`;
const seenEncodings: (string | undefined)[] = [];

describeWithNginx('nginx in front of the app, as deployed', () => {
  let upstream: http.Server;
  let dir: string;
  let stop: (() => Promise<void>) | undefined;
  let port: number;
  let nginx: typeof import('../scripts/lib/cluster/nginx.mjs');

  beforeAll(async () => {
    nginx = await import('../scripts/lib/cluster/nginx.mjs');
    upstream = http.createServer((req, res) => {
      seenEncodings.push(req.headers['accept-encoding']);
      res.writeHead(200, {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      res.end(SCRIPT);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-front-'));
    // nginx's worker runs as nobody when started by root: it must be able to enter the directory of its cache.
    fs.chmodSync(dir, 0o755);
    port = await nginx.freePort();
    const started = await nginx.startNginx({
      bin: NGINX,
      dir,
      port,
      upstreams: [(upstream.address() as AddressInfo).port],
      tls: nginx.selfSignedCert(dir),
      compress: true,
      logFile: path.join(dir, 'nginx.out'),
    });
    stop = started.stop;
  });

  afterAll(async () => {
    await stop?.();
    await new Promise((r) => upstream.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** One GET over HTTP/2 (TLS, the self-signed certificate accepted); the body decoded as the answer says. */
  async function get(acceptEncoding: string) {
    const session = http2.connect(`https://127.0.0.1:${port}`, { rejectUnauthorized: false });
    try {
      return await new Promise<{ status: number; encoding?: string; alpn?: string; body: string }>((resolve, reject) => {
        const req = session.request({ ':path': '/_next/static/chunks/a.js', 'accept-encoding': acceptEncoding });
        const chunks: Buffer[] = [];
        let headers: http2.IncomingHttpHeaders = {};
        req.on('response', (h) => (headers = h));
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('error', reject);
        req.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = headers['content-encoding'] as string | undefined;
          const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({ status: Number(headers[':status']), encoding, alpn: session.alpnProtocol, body: body.toString() });
        });
        req.end();
      });
    } finally {
      session.close();
    }
  }

  it('answers over HTTP/2 with TLS and compresses a script with brotli where installed, else gzip', async () => {
    const res = await get('gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.alpn).toBe('h2');
    expect(res.encoding).toBe(BROTLI ? 'br' : 'gzip');
    expect(res.body).toBe(SCRIPT);
    // nginx asks the app for the plain answer and compresses it itself.
    expect(seenEncodings.length).toBeGreaterThan(0);
    expect(seenEncodings.every((e) => e === undefined || e === '')).toBe(true);
  });

  it('gives gzip to a browser that does not take brotli, and the plain body to one that takes neither', async () => {
    const gz = await get('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gz.body).toBe(SCRIPT);
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('keeps the cluster test’s plain-HTTP shape when neither TLS nor compression is asked for', () => {
    const conf = nginx.nginxConfig({ dir, port: 1, upstreams: [2] });
    expect(conf).toContain('listen 127.0.0.1:1 backlog=4096;');
    expect(conf).not.toMatch(/ssl|http2|gzip on|brotli|Accept-Encoding/);
  });
});
