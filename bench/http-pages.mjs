// Throughput and p99 of /m, /m/novels/1 and GET /v1/novels/1, each as a ratio to a static page of the same
// app (/m/questions, prerendered), measured in the same run with autocannon at 10 connections.
// Targets (issue 4): /m and /m/novels/1 at least 0.5 of the static page's throughput, p99 at most 100 ms.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';
import { benchPort } from './lib/util.mjs';

const PORT = benchPort(3200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const targets = { static: '/m/questions', home: '/m', novel_page: '/m/novels/1', novel_api: '/v1/novels/1' };

function measure(path, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `http://127.0.0.1:${PORT}${path}`, connections: CONNECTIONS, duration }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx > 0) return reject(new Error(`${path}: ${r.non2xx} non-2xx answers`));
      resolve({ rps: r.requests.average, p50_ms: r.latency.p50, p99_ms: r.latency.p99, requests: r.requests.total });
    });
  });
}

const server = await startServer({ port: PORT, dataDir: '.data-bench' });
try {
  for (const path of Object.values(targets)) await measure(path, 2); // warm-up: JIT, caches, PGlite pages
  const results = {};
  for (const [name, path] of Object.entries(targets)) {
    results[name] = { path, ...(await measure(path)) };
    console.log(
      `${name.padEnd(10)} ${path.padEnd(16)} ${results[name].rps.toFixed(0).padStart(6)} req/s  p50 ${results[name].p50_ms} ms  p99 ${results[name].p99_ms} ms`,
    );
  }
  const ratio = (name) => ({
    throughput: +(results[name].rps / results.static.rps).toFixed(3),
    p99: +(results[name].p99_ms / Math.max(1, results.static.p99_ms)).toFixed(2),
  });
  const report = {
    bench: 'http-pages',
    at: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    connections: CONNECTIONS,
    duration_s: DURATION,
    results,
    ratios_to_static: { home: ratio('home'), novel_page: ratio('novel_page'), novel_api: ratio('novel_api') },
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/http-pages.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log('ratios to the static page:', JSON.stringify(report.ratios_to_static));
} finally {
  await server.stop();
}
