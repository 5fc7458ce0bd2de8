// The production server: Next's request handler behind our own node:http listener, so the app can know the socket
// address of each client (docs/abuse.md "Client addresses"). Route handlers never see the socket; this process
// writes it into a private header on every request, next to a random secret of this process that the app checks
// (lib/server/core/peer.ts). Whatever a client sent under those names is deleted first.
// Usage: node scripts/server.mjs [-p PORT] [--dev]. Started by npm start, the e2e server, the crash test and benches.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import next from 'next';
import { exitOnStopSignals } from './lib/stop-signals.mjs';

const PEER_HEADER = 'x-shusheng-peer';
const PEER_KEY_HEADER = 'x-shusheng-peer-key';

const args = process.argv.slice(2);
const portFlag = args.indexOf('-p');
const port = Number(portFlag >= 0 ? args[portFlag + 1] : (process.env.PORT ?? 3000));
const dev = args.includes('--dev');

// On globalThis, where the app's bundles (same process) read it; never sent to any client.
const secret = randomBytes(24).toString('base64url');
globalThis.__shushengPeerSecret = secret;

const app = next({ dev, dir: process.cwd(), port });
const handle = app.getRequestHandler();
await app.prepare();

// Next's request adapter throws on methods outside these (TRACE, PROPFIND, …) before any route runs: answer the
// documented 40500 envelope here instead of its 500 (docs/api.md "Methods"; the text is SERVER_MSG.methodNotAllowed).
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const METHOD_REFUSED = JSON.stringify({ code: 40500, message: '不支持的请求方式' });

const server = http.createServer((req, res) => {
  if (!METHODS.has(req.method ?? '')) {
    res.writeHead(405, { 'content-type': 'application/json; charset=utf-8', allow: [...METHODS].join(', '), 'cache-control': 'no-store' });
    res.end(METHOD_REFUSED);
    return;
  }
  // Node lower-cases incoming header names; delete then set, so exactly one value of ours reaches the app. Whether
  // a proxy forwarded the request is noted here, before Next adds an X-Forwarded-For of its own.
  delete req.headers[PEER_HEADER];
  delete req.headers[PEER_KEY_HEADER];
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => name in req.headers);
  req.headers[PEER_HEADER] = `${req.socket.remoteAddress ?? ''};forwarded=${forwarded ? 1 : 0}`;
  req.headers[PEER_KEY_HEADER] = secret;
  // An API write answers a small envelope (a purchase's is about 200 bytes): gzip would save a few bytes and cost a
  // zlib stream per call, a tenth of the server’s CPU under a burst of purchases (docs/deploy.md "Load balancer").
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.url?.startsWith('/v1/')) delete req.headers['accept-encoding'];
  handle(req, res);
});
// Idle keep-alive connections stay open for 65 s (Node's default is 5 s). A client that reuses a connection just as
// the server closes it reads a reset instead of an answer; clients and proxies keep theirs for less than this (nginx's
// upstream keepalive_timeout is 4 s, docs/deploy.md), so the server is never the side that closes first. Headers must
// be allowed at least as long.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, () => console.log(`server: listening on port ${port}${dev ? ' (development)' : ''}`));

// Stop taking requests, close the database (so numbers continue after a restart), exit: scripts/lib/stop-signals.mjs.
exitOnStopSignals(() => {
  server.close();
  app.close?.().catch(() => {});
});
