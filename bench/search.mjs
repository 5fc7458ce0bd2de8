// Latency of GET /v1/search?keyword=…&highlight=1 on the demo catalogue: autocannon at 10 connections, a few
// seconds per keyword (Chinese hits, a Uyghur and a Tibetan word, and a miss), p50/p95/p99 per keyword and over
// all of them, from every response's own time. The baseline is GET /v1/health (the same API wrapper, one trivial
// query), measured the same way in the same run.
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';
import {
  assertPortFree,
  assertServerAlive,
  benchPort,
  busyWarning,
  explainFailure,
  listFromEnv,
  machine,
  percentile,
  stopServer,
  writeResult,
} from './lib/util.mjs';

const PORT = benchPort(3203);
const DATA_DIR = '.data-bench-search';
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 3);
const TARGET_P95_MS = 50;
const KEYWORDS = listFromEnv('BENCH_SEARCH_KEYWORDS', [
  '修仙',
  '甜宠',
  '重生',
  '都市',
  '长夜',
  '星河',
  '神医',
  'قەشقەر',
  'རི་བོ',
  '不存在的词',
]);
const BASELINE = '/v1/health';
const base = `http://127.0.0.1:${PORT}`;
const searchPath = (keyword) => `/v1/search?keyword=${encodeURIComponent(keyword)}&highlight=1`;

/** The number of results in a search answer, whatever the list is called; undefined when none is recognisable. */
function countHits(data) {
  if (Array.isArray(data)) return data.length;
  if (data && typeof data === 'object') {
    if (typeof data.total === 'number') return data.total;
    for (const key of ['list', 'items', 'novels', 'results', 'rows']) if (Array.isArray(data[key])) return data[key].length;
  }
  return undefined;
}

/** One request before the load: a missing route or a failing one ends the bench with a message that says so. */
async function preflight(path) {
  const res = await fetch(`${base}${path}`);
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (res.status === 404 && path.startsWith('/v1/search')) {
    throw new Error(
      `bench: GET /v1/search is missing in this build (HTTP 404${body?.code ? `, code ${body.code}` : ''}); build a version that has the route, then run again`,
    );
  }
  if (!res.ok || body?.code !== 0) {
    throw new Error(`bench: GET ${decodeURIComponent(path)} answered HTTP ${res.status}: ${text.slice(0, 300)}`);
  }
  return { hits: countHits(body.data), bytes: Buffer.byteLength(text) };
}

function load(path, options) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    const instance = autocannon({ url: `${base}${path}`, connections: CONNECTIONS, ...options }, (err, r) => {
      if (err) return reject(err);
      const bad = Object.entries(statuses).filter(([code]) => !code.startsWith('2'));
      if (bad.length) {
        const missing = path.startsWith('/v1/search') && statuses[404];
        return reject(
          new Error(
            missing
              ? 'bench: GET /v1/search answered 404 under load: the route is missing in this build'
              : `bench: GET ${decodeURIComponent(path)} answered non-2xx under load: ${bad.map(([c, n]) => `${n}× HTTP ${c}`).join(', ')}`,
          ),
        );
      }
      if (r.errors > 0 || r.timeouts > 0) {
        const failure = new Error(`bench: GET ${decodeURIComponent(path)}: ${r.errors} connection errors, ${r.timeouts} timeouts`);
        return assertServerAlive(PORT).then(() => reject(failure), reject);
      }
      resolve({ latencies, requests: latencies.length, rps: r.requests.average });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      latencies.push(responseTime);
    });
  });
}

const summary = (latencies) => ({
  p50_ms: +percentile(latencies, 50).toFixed(1),
  p95_ms: +percentile(latencies, 95).toFixed(1),
  p99_ms: +percentile(latencies, 99).toFixed(1),
  max_ms: +Math.max(...latencies).toFixed(1),
});

await assertPortFree(PORT);
const startMachine = machine();
const busy = busyWarning();
const server = await startServer({ port: PORT, dataDir: DATA_DIR });
try {
  await main();
} catch (err) {
  await explainFailure(err, PORT);
} finally {
  await stopServer(server);
}

async function main() {
  await preflight(BASELINE);
  const answers = {};
  for (const keyword of KEYWORDS) answers[keyword] = await preflight(searchPath(keyword));

  // Warm-up: JIT, PGlite pages and any caches, for every keyword and the baseline.
  await load(BASELINE, { amount: 200 });
  for (const keyword of KEYWORDS) await load(searchPath(keyword), { amount: 100 });

  const baseline = await load(BASELINE, { duration: SECONDS });
  const perKeyword = {};
  const all = [];
  for (const keyword of KEYWORDS) {
    const run = await load(searchPath(keyword), { duration: SECONDS });
    all.push(...run.latencies);
    perKeyword[keyword] = {
      ...summary(run.latencies),
      requests: run.requests,
      rps: +run.rps.toFixed(1),
      hits: answers[keyword].hits,
      response_bytes: answers[keyword].bytes,
    };
  }
  await assertServerAlive(PORT);

  const overall = { ...summary(all), requests: all.length };
  const baselineSummary = { path: BASELINE, ...summary(baseline.latencies), requests: baseline.requests, rps: +baseline.rps.toFixed(1) };
  const report = {
    bench: 'search',
    at: new Date().toISOString(),
    machine: startMachine,
    connections: CONNECTIONS,
    seconds_per_keyword: SECONDS,
    target_p95_ms: TARGET_P95_MS,
    overall: { ...overall, within_target: overall.p95_ms <= TARGET_P95_MS },
    baseline: baselineSummary,
    ratios_to_baseline: {
      p50: +(overall.p50_ms / Math.max(0.1, baselineSummary.p50_ms)).toFixed(2),
      p95: +(overall.p95_ms / Math.max(0.1, baselineSummary.p95_ms)).toFixed(2),
      p99: +(overall.p99_ms / Math.max(0.1, baselineSummary.p99_ms)).toFixed(2),
    },
    keywords: perKeyword,
  };
  writeResult('search', report);

  const row = (label, s, extra = '') =>
    `${label.padEnd(14)}${String(s.p50_ms).padStart(8)}${String(s.p95_ms).padStart(8)}${String(s.p99_ms).padStart(8)}${String(s.requests).padStart(8)}  ${extra}`;
  console.log(
    `GET /v1/search?keyword=…&highlight=1 — ${CONNECTIONS} connections, ${SECONDS} s per keyword; target p95 ≤ ${TARGET_P95_MS} ms`,
  );
  console.log(`${'keyword'.padEnd(14)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'reqs'.padStart(8)}  hits`);
  // Han characters are two columns wide; Uyghur and Tibetan words go at the end of the line, where their width
  // cannot shift the columns.
  const isHan = (k) => /^[\u4e00-\u9fff]+$/.test(k);
  for (const [keyword, s] of Object.entries(perKeyword)) {
    const label = isHan(keyword) ? keyword.padEnd(14 - keyword.length) : `#${KEYWORDS.indexOf(keyword) + 1}`;
    console.log(row(label, s, `${s.hits ?? '?'}${isHan(keyword) ? '' : `  (${keyword})`}`));
  }
  console.log(row('all', overall, `${overall.p95_ms <= TARGET_P95_MS ? '✓' : '✗'} p95 target ${TARGET_P95_MS} ms`));
  console.log(row(BASELINE, baselineSummary, `baseline; search/baseline p95 ×${report.ratios_to_baseline.p95}`));
  if (busy) console.log(busy);
}
