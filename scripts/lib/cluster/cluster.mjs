// N production app servers on one PostgreSQL database and one Redis prefix, behind nginx: what the cluster test
// and bench/cluster-read.mjs run (docs/deploy.md). The first server migrates and seeds before the others start,
// so they never race on an empty database.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { startServer } from '../server-process.mjs';
import { freePort, startNginx } from './nginx.mjs';

/** Whether a Redis answers PING at `url` (a plain socket: no client library needed to decide to skip). */
export function redisAnswers(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 6379), u.hostname);
    const done = (ok) => (s.destroy(), resolve(ok));
    s.setTimeout(1000, () => done(false));
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => done(String(d).startsWith('+PONG')));
    s.once('error', () => done(false));
  });
}

/** Deletes every key under `prefix` (a test run's cache). */
export async function dropRedisPrefix(url, prefix) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** How many cache entries and tags a prefix holds and the memory Redis reports for them (docs/deploy.md "Shared cache"). */
export async function redisPrefixStats(url, prefix) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(url);
  const stats = { entries: 0, bytes: 0, largest: 0 };
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      for (const key of keys) {
        const bytes = Number(await redis.memory('USAGE', key)) || 0;
        stats.bytes += bytes;
        if (key.startsWith(`${prefix}entry:`)) {
          stats.entries++;
          stats.largest = Math.max(stats.largest, bytes);
        }
      }
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return stats;
}

export async function startCluster({ nginxBin, databaseUrl, env, count = 2, outDir, failTimeout }) {
  const servers = [];
  let nginx;
  const stop = async () => {
    await nginx?.stop().catch(() => {});
    await Promise.all(servers.map((s) => s.server.stop().catch(() => {})));
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const name = String.fromCharCode(65 + i);
      const server = await startServer({
        port,
        databaseUrl,
        env: { ...env, DATA_DIR: `${outDir}/data-${name}` },
        logFile: `${outDir}/server-${name}.log`,
        // The first one migrates and seeds a fresh database: on 2 cores busy with other work that took over 120 s.
        timeoutMs: 300_000,
      });
      servers.push({ name, port, server, base: `http://127.0.0.1:${port}` });
    }
    const port = await freePort();
    nginx = await startNginx({
      bin: nginxBin,
      dir: `${outDir}/nginx`,
      port,
      upstreams: servers.map((s) => s.port),
      failTimeout,
      logFile: `${outDir}/nginx.out`,
    });
    return { servers, nginx, base: `http://127.0.0.1:${port}`, port, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * One HTTP request from a chosen local address (127.0.0.x: the loopback answers on all of them), so nginx sees a
 * client other than itself and the app's TRUST_PROXY reading can be told apart from the socket address.
 */
export function requestFrom(url, { localAddress = '127.0.0.1', method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, localAddress }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode, headers: res.headers, text, body: json });
      });
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export function ensureDir(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
}
