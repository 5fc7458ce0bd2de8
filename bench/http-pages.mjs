// Throughput and p99 of /m, /m/novels/1, GET /v1/novels/1 and /m/ranks, each as a ratio to a static page of the same
// app (/m/questions, prerendered), measured in the same run with autocannon at 10 connections. Beside the
// throughput, the server's CPU time per request (from /proc): on a machine shared with other work it is the
// steadier figure, and its ratio (static CPU per request ÷ the page's) is the throughput the page would have
// relative to the static one on an idle machine.
// Targets: home ≥ 0.8 of the static page's throughput (issue 13: it is a cached page, like the novel page);
// the novel page ≥ 0.5 (issue 4); p99 at most 100 ms. Printed, never failed on.
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';
import {
  assertPortFree,
  assertServerAlive,
  benchPort,
  busyWarning,
  explainFailure,
  machine,
  processCpuMs,
  stopServer,
  writeResult,
} from './lib/util.mjs';

const PORT = benchPort(3200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const targets = { static: '/m/questions', home: '/m', novel_page: '/m/novels/1', novel_api: '/v1/novels/1', ranks: '/m/ranks' };
const TARGETS = { home: 0.8, novel_page: 0.5, p99_ms: 100 };

function measure(path, pid, duration = DURATION) {
  const cpuBefore = processCpuMs(pid);
  return new Promise((resolve, reject) => {
    autocannon({ url: `http://127.0.0.1:${PORT}${path}`, connections: CONNECTIONS, duration }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx > 0) return reject(new Error(`bench: ${path}: ${r.non2xx} non-2xx answers`));
      const cpu = processCpuMs(pid);
      resolve({
        rps: r.requests.average,
        p50_ms: r.latency.p50,
        p99_ms: r.latency.p99,
        requests: r.requests.total,
        bytes_per_request: Math.round(r.throughput.total / Math.max(1, r.requests.total)),
        cpu_ms_per_request: cpu === undefined || cpuBefore === undefined ? undefined : +((cpu - cpuBefore) / r.requests.total).toFixed(3),
      });
    });
  });
}

await assertPortFree(PORT);
const startMachine = machine();
const busy = busyWarning();
const server = await startServer({ port: PORT, dataDir: '.data-bench' });
try {
  for (const path of Object.values(targets)) await measure(path, server.pid, 2); // warm-up: JIT, caches, PGlite pages
  const results = {};
  for (const [name, path] of Object.entries(targets)) {
    results[name] = { path, ...(await measure(path, server.pid)) };
    const r = results[name];
    console.log(
      `${name.padEnd(10)} ${path.padEnd(16)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50_ms} ms  p99 ${r.p99_ms} ms  ${r.cpu_ms_per_request ?? '—'} ms CPU/req  ${(r.bytes_per_request / 1024).toFixed(1)} KB/req`,
    );
  }
  await assertServerAlive(PORT);
  const ratio = (name) => ({
    throughput: +(results[name].rps / results.static.rps).toFixed(3),
    cpu_throughput:
      results[name].cpu_ms_per_request && results.static.cpu_ms_per_request
        ? +(results.static.cpu_ms_per_request / results[name].cpu_ms_per_request).toFixed(3)
        : undefined,
    p99: +(results[name].p99_ms / Math.max(1, results.static.p99_ms)).toFixed(2),
  });
  const ratios = { home: ratio('home'), novel_page: ratio('novel_page'), novel_api: ratio('novel_api'), ranks: ratio('ranks') };
  const report = {
    bench: 'http-pages',
    at: new Date().toISOString(),
    machine: startMachine,
    connections: CONNECTIONS,
    duration_s: DURATION,
    targets: TARGETS,
    results,
    ratios_to_static: ratios,
    within_target: {
      home: ratios.home.throughput >= TARGETS.home,
      novel_page: ratios.novel_page.throughput >= TARGETS.novel_page,
    },
  };
  writeResult('http-pages', report);
  for (const name of ['home', 'novel_page']) {
    const r = ratios[name];
    console.log(
      `${name}: ${r.throughput}× the static page's throughput (target ≥ ${TARGETS[name]}) — ${r.throughput >= TARGETS[name] ? 'PASS' : 'FAIL'}; by CPU per request ${r.cpu_throughput ?? '—'}×; p99 ${results[name].p99_ms} ms (≤ ${TARGETS.p99_ms})`,
    );
  }
  // /m/ranks reads precomputed rankings through the data cache (docs/rankings.md "The job"); printed, no target yet.
  console.log(`ranks: ${ratios.ranks.throughput}× the static page's throughput; by CPU per request ${ratios.ranks.cpu_throughput ?? '—'}×`);
  if (busy) console.log(busy);
} catch (err) {
  await explainFailure(err, PORT);
} finally {
  await stopServer(server);
}
