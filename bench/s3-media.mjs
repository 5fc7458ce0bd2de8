// Shared media on an S3-compatible store (issue 20, docs/storage.md "Proxy or redirect"): the same chapter's
// segments fetched from two production servers on one bucket, one proxying the bytes (S3_MEDIA=proxy, the
// default) and one answering a 302 to a signed object URL (S3_MEDIA=redirect) that the client then follows —
// like hls.js does. In one run, alternating the two:
// - latency: one client, segment after segment, request to last byte (p50, p95)
// - throughput: CONCURRENCY clients for SECONDS, segments/s and MB/s
// - CPU spent per segment by the app server and by the store (from /proc), steadier than time on a shared machine
// The second server finds the chapter the first one synthesised already in the bucket, which is the point of
// shared media. s3rver is a Node process, much slower than a real store: the store's figures are its, not S3's.
// Not a timed test: it prints the figures and ratios and writes bench/results/s3-media.json.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { agreedVersions, call } from './lib/member.mjs';
import { startServer } from './lib/server.mjs';
import {
  assertPortFree,
  benchPort,
  busyWarning,
  explainFailure,
  machine,
  percentile,
  processCpuMs,
  stopServer,
  writeResult,
} from './lib/util.mjs';

const PORT = benchPort(3330);
const SECONDS = Math.max(2, Number(process.env.BENCH_S3_SECONDS ?? 8) || 8);
const CONCURRENCY = 16;
const LATENCY_FETCHES = 150;
const round = (n, d = 1) => +n.toFixed(d);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** s3rver in its own process (so its CPU is measured apart from this client's), env lines read from its output. */
async function startStore() {
  const child = spawn(process.execPath, ['scripts/lib/s3-server.mjs', '--bucket', 'bench'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const env = {};
  const lines = readline.createInterface({ input: child.stdout });
  for await (const line of lines) {
    const [name, value] = line.split('=');
    env[name] = value;
    if (name === 'S3_FORCE_PATH_STYLE') break;
  }
  if (!env.S3_ENDPOINT) throw new Error('bench: the S3 server did not start');
  return { env, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

async function signIn(base, phone) {
  await call(base, '/v1/sms/code', { method: 'POST', body: { phone } });
  const { data: inbox } = await call(base, `/v1/dev/sms?phone=${phone}`);
  const { data: session } = await call(base, '/v1/sms/login', {
    method: 'POST',
    body: { phone, code: inbox.code, agreements: await agreedVersions(base) },
  });
  return session.token;
}

/** The first voiced free chapter's finished playlist on this server: its segment URLs (signed for the member). */
async function segmentUrls(base, token) {
  const { data: read } = await call(base, '/v1/read/1', { token });
  if (!read.m3u8_url) throw new Error('bench: chapter 1 has no audio on this server');
  const { data } = await call(base, '/v1/audio/articles/get_private_url', { method: 'POST', token, body: { base_url: read.m3u8_url } });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}${data.url}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status === 200 && text.includes('#EXT-X-ENDLIST'))
      return text
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((uri) => `${base}/audio/1/${uri}`);
    await sleep(500);
  }
  throw new Error('bench: chapter 1 was not synthesised within 120 s');
}

/** One segment as a player gets it: the app's answer, and for a 302 the object from the store. Returns bytes. */
async function fetchSegment(url, token) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, redirect: 'manual' });
  let bytes;
  if (res.status === 302) {
    await res.arrayBuffer();
    const object = await fetch(res.headers.get('location'));
    if (object.status !== 200) throw new Error(`bench: the store answered ${object.status} to a redirect`);
    bytes = new Uint8Array(await object.arrayBuffer());
  } else {
    if (res.status !== 200) throw new Error(`bench: ${url} answered ${res.status}`);
    bytes = new Uint8Array(await res.arrayBuffer());
  }
  if (bytes[0] !== 0x47) throw new Error(`bench: ${url} is not MPEG-TS`);
  return bytes.length;
}

async function latency(mode) {
  const times = [];
  for (let i = 0; i < LATENCY_FETCHES; i++) {
    const url = mode.urls[i % mode.urls.length];
    const t = performance.now();
    await fetchSegment(url, mode.token);
    times.push(performance.now() - t);
  }
  return { p50_ms: round(percentile(times, 50)), p95_ms: round(percentile(times, 95)) };
}

async function throughput(mode, store) {
  const cpu0 = { app: processCpuMs(mode.server.pid), store: processCpuMs(store.pid) };
  const until = performance.now() + SECONDS * 1000;
  let segments = 0;
  let bytes = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      for (let i = w; performance.now() < until; i++) {
        bytes += await fetchSegment(mode.urls[i % mode.urls.length], mode.token);
        segments++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const app = processCpuMs(mode.server.pid) - cpu0.app;
  const st = processCpuMs(store.pid) - cpu0.store;
  return {
    segments_per_s: round(segments / seconds),
    mb_per_s: round(bytes / seconds / 1e6, 2),
    app_cpu_ms_per_segment: round(app / segments, 2),
    store_cpu_ms_per_segment: round(st / segments, 2),
  };
}

async function main() {
  const busy = busyWarning();
  const load = machine();
  await assertPortFree(PORT);
  await assertPortFree(PORT + 1);
  const store = await startStore();
  const servers = [];
  try {
    const modes = [];
    for (const [i, delivery] of ['proxy', 'redirect'].entries()) {
      const port = PORT + i;
      const base = `http://127.0.0.1:${port}`;
      const server = await startServer({
        port,
        dataDir: `.data-bench-s3-${delivery}`,
        env: { ...store.env, S3_MEDIA: delivery, SMS_DEV_INBOX: '1' },
      });
      servers.push(server);
      const token = await signIn(base, `1390000${3330 + i}`.slice(0, 11));
      const urls = await segmentUrls(base, token);
      modes.push({ delivery, base, server, token, urls });
      console.log(`${delivery}: ${urls.length} segments of chapter 1 on ${base}`);
    }
    // Warm both paths (Next's route compilation on first hit, the SDK's connections).
    for (const m of modes) for (const url of m.urls) await fetchSegment(url, m.token);

    const results = { proxy: {}, redirect: {} };
    // Alternated, twice each, so a burst of other work on the machine falls on both.
    for (let round_ = 0; round_ < 2; round_++)
      for (const m of modes) {
        const lat = await latency(m);
        const thr = await throughput(m, store);
        const prev = results[m.delivery];
        results[m.delivery] = prev.p50_ms === undefined || lat.p50_ms < prev.p50_ms ? { ...lat, ...thr } : prev;
      }
    const ratio = (k) => round(results.redirect[k] / results.proxy[k], 2);
    const report = {
      machine: load,
      busy: busy ?? null,
      segments: modes[0].urls.length,
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      proxy: results.proxy,
      redirect: results.redirect,
      redirect_over_proxy: {
        p50: ratio('p50_ms'),
        p95: ratio('p95_ms'),
        segments_per_s: ratio('segments_per_s'),
        app_cpu_per_segment: ratio('app_cpu_ms_per_segment'),
        store_cpu_per_segment: ratio('store_cpu_ms_per_segment'),
      },
    };
    if (busy) console.log(busy);
    console.table({ proxy: results.proxy, redirect: results.redirect });
    console.log('redirect / proxy:', report.redirect_over_proxy);
    console.log(`wrote ${writeResult('s3-media', report)}`);
  } finally {
    for (const s of servers) await stopServer(s);
    store.stop();
  }
}

main().catch((err) => explainFailure(err, PORT));
