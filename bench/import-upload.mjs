// Readers while an editor uploads (docs/content.md "Import", "Limits"): the reader API's latency (`/v1/health` and
// `GET /v1/novels/1`, two clients each, back to back) while the server takes a large legitimate EPUB (about 250 MB
// of XHTML in a 30-odd MB file), as a ratio to the same latency idle in the same run; and the RSS of the server and
// of its parsing process while it takes that book and a zip bomb (a 300 MB chapter declaring 1,000 bytes).
// The book goes up twice: once with a category of another language, so the server parses it (in its parsing
// process) and then refuses the form, writing nothing: the parse alone; then for real, parse and the draft's rows.
// Load average before and during each phase is recorded: on a shared machine it moves every figure. On PGlite (the
// default) the database runs on the server's event loop, so writing the draft's rows stalls readers too; with
// BENCH_DATABASE_URL the server runs on a fresh PostgreSQL database of that server instead, as deployments do.
import fs from 'node:fs';
import os from 'node:os';
import { buildZip, deflatedRepeat, epubFiles, withDeclaredSize } from '../scripts/lib/epub-writer.mjs';
import { createScratchDatabase } from '../scripts/lib/pg-scratch.mjs';
import { startServer } from './lib/server.mjs';
import { createStaff, staffCookie } from './lib/staff.mjs';
import {
  assertPortFree,
  assertServerAlive,
  benchPort,
  explainFailure,
  machine,
  percentile,
  processCpuMs,
  stopServer,
  writeResult,
} from './lib/util.mjs';

const PORT = benchPort(3201);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '.data-bench-import-upload';
const STAFF = { username: 'bench-editor', password: 'bench-import-password', role: 'editor' };
const BOOK_MB = Number(process.env.BENCH_UPLOAD_BOOK_MB ?? 250);
const IDLE_SECONDS = Number(process.env.BENCH_UPLOAD_IDLE_SECONDS ?? 10);
const READS = ['/v1/health', '/v1/novels/1'];
const CLIENTS_PER_READ = 2;
const MB = 1024 * 1024;

// A fixed seed, as bench/lib/import-run.ts: the same book every run.
let state = 0x5eed;
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (n) => Math.floor(random() * n);

/**
 * Chapters of 100 KB of XHTML paragraphs made of 120 recurring phrases: it deflates about 8 times (real prose about
 * 3 times), which is what lets 250 MB of text fit the 50 MB upload limit, and stays far from the 100:1 ratio cap.
 */
function legitBook(inflatedMb) {
  const han = () => String.fromCharCode(0x4e00 + pick(1500));
  const phrases = Array.from({ length: 120 }, () => Array.from({ length: 4 + pick(6) }, han).join(''));
  const chapters = [];
  let size = 0;
  for (let c = 1; size < inflatedMb * MB; c++) {
    const paragraphs = [];
    for (let bytes = 0; bytes < 100 * 1024;) {
      let p = '';
      const sentences = 2 + pick(4);
      for (let s = 0; s < sentences; s++) {
        for (let w = 5 + pick(10); w > 0; w--) p += phrases[pick(phrases.length)];
        p += s === sentences - 1 ? '。' : '，';
      }
      paragraphs.push(p);
      bytes += Buffer.byteLength(p) + 30;
    }
    chapters.push([`第${c}章 ${phrases[pick(phrases.length)]}`, paragraphs]);
    size += paragraphs.reduce((n, p) => n + Buffer.byteLength(p) + 30, 0);
  }
  const files = epubFiles({ title: '基准长篇', author: '基准', chapters });
  return {
    zip: buildZip(files.map(([name, data]) => ({ name, data, deflate: name !== 'mimetype' }))),
    inflated: files.reduce((n, [, data]) => n + Buffer.byteLength(data), 0),
    chapters: chapters.length,
  };
}

/** buildEpub's book whose first chapter is 300 MB of paragraphs deflated, declaring 1,000 bytes in both headers. */
function lyingBomb() {
  const chapter = 'OEBPS/text/c1.xhtml';
  const zip = buildZip(
    epubFiles().map(([name, data]) =>
      name === chapter ? { name, deflated: deflatedRepeat(Buffer.alloc(MB, '<p>山海行，山海行。</p>\n'), 300) } : { name, data },
    ),
  );
  return withDeclaredSize(zip, chapter, 1000);
}

const statusMb = (pid, field) => {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
  } catch {
    return 0; // gone
  }
};
/** The server's child processes (its parsing processes), from /proc. */
const children = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return [];
  }
};

/** Runs `work` while readers read and memory is sampled; the readers' latencies, the peaks, the load. */
async function phase(serverPid, work) {
  const latencies = Object.fromEntries(READS.map((r) => [r, []]));
  const failures = Object.fromEntries(READS.map((r) => [r, []]));
  let running = true;
  // A reader that got no answer (a reset connection, an error status) is counted and reads on: it is a finding.
  const reader = async (path) => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${BASE}${path}`);
        await res.arrayBuffer();
        if (res.ok) latencies[path].push(performance.now() - started);
        else failures[path].push(`HTTP ${res.status}`);
      } catch (err) {
        failures[path].push(String(err.cause?.code ?? err.message));
      }
    }
  };
  const serverStart = statusMb(serverPid, 'VmRSS');
  let serverPeak = serverStart;
  let parserPeak = 0;
  const sampler = setInterval(() => {
    serverPeak = Math.max(serverPeak, statusMb(serverPid, 'VmRSS'));
    for (const child of children(serverPid)) parserPeak = Math.max(parserPeak, statusMb(child, 'VmRSS'));
  }, 50);
  const cpuBefore = processCpuMs(serverPid);
  const started = performance.now();
  const readers = READS.flatMap((path) => Array.from({ length: CLIENTS_PER_READ }, () => reader(path)));
  const outcome = await work();
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all(readers);
  clearInterval(sampler);
  const round = (v) => (v === undefined ? undefined : +v.toFixed(1));
  return {
    outcome,
    seconds: +seconds.toFixed(1),
    load_avg_1m: +os.loadavg()[0].toFixed(2),
    server_cpu_s: cpuBefore === undefined ? undefined : +((processCpuMs(serverPid) - cpuBefore) / 1000).toFixed(1),
    server_rss_start_mb: Math.round(serverStart),
    server_rss_peak_mb: Math.round(serverPeak),
    parser_rss_peak_mb: Math.round(parserPeak),
    reads: Object.fromEntries(
      READS.map((r) => [
        r,
        {
          n: latencies[r].length,
          p50_ms: round(percentile(latencies[r], 50)),
          p99_ms: round(percentile(latencies[r], 99)),
          max_ms: round(percentile(latencies[r], 100)),
          failed: failures[r].length ? failures[r] : undefined,
        },
      ]),
    ),
  };
}

/** The upload form's post; what the console answered (the preview, or the form with its one line). */
async function upload(cookie, file, categoryId) {
  const form = new FormData();
  form.set('file', new Blob([file]), 'book.epub');
  form.set('cover', new Blob([]), '');
  for (const [k, v] of Object.entries({ title: '', language_type: '1', category_id: categoryId, tags: '', author: '', gender: '1' }))
    form.set(k, v);
  for (const k of ['copyright_holder', 'editor', 'summary']) form.set(k, '');
  const res = await fetch(`${BASE}/admin/actions/import-upload`, {
    method: 'POST',
    body: form,
    headers: { cookie: `staff_token=${cookie}`, origin: BASE },
    redirect: 'manual',
  });
  const where = new URL(res.headers.get('location') ?? '/', BASE);
  return { status: res.status, path: where.pathname, message: where.searchParams.get('ok') ?? where.searchParams.get('err') };
}

/** A Chinese category and one of another language, from the upload form's list ("中文 · 玄幻"). */
async function categories(cookie) {
  const html = await (await fetch(`${BASE}/admin/content/import`, { headers: { cookie: `staff_token=${cookie}` } })).text();
  const options = [...html.matchAll(/<option value="(\d+)"[^>]*>([^<]*)/g)].map((m) => ({ id: m[1], text: m[2] }));
  const zh = options.find((o) => o.text.startsWith('中文'))?.id;
  const other = options.find((o) => o.text.startsWith('维吾尔文'))?.id;
  if (!zh || !other) throw new Error('bench: the upload form lists no Chinese or Uyghur category');
  return { zh, other };
}

await assertPortFree(PORT);
const startMachine = machine();
let t = performance.now();
const book = legitBook(BOOK_MB);
const bomb = lyingBomb();
const buildSeconds = +((performance.now() - t) / 1000).toFixed(1);
console.log(
  `book: ${book.chapters} chapters, ${(book.inflated / MB).toFixed(0)} MB of XHTML in a ${(book.zip.length / MB).toFixed(1)} MB EPUB; bomb ${(bomb.length / 1024).toFixed(0)} KB (built in ${buildSeconds} s)`,
);
const postgres = process.env.BENCH_DATABASE_URL ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'bench_import_upload') : null;
const server = await startServer({
  port: PORT,
  dataDir: DATA_DIR,
  databaseUrl: postgres?.url,
  beforeStart: (env) => createStaff(env, STAFF),
});
try {
  const { value: cookie } = await staffCookie(BASE, STAFF);
  const category = await categories(cookie);
  for (let i = 0; i < 20; i++) for (const r of READS) await (await fetch(`${BASE}${r}`)).arrayBuffer();
  const idle = (seconds) => phase(server.pid, () => new Promise((r) => setTimeout(() => r('idle'), seconds * 1000)));

  // Each phase right after an idle stretch of its own: the machine's load drifts over a run, and the ratio compares
  // like with like.
  const results = {};
  const phases = [
    ['parse_only', () => upload(cookie, book.zip, category.other)],
    ['upload', () => upload(cookie, book.zip, category.zh)],
    ['lying_bomb', () => upload(cookie, bomb, category.zh)],
  ];
  for (const [key, work] of phases) {
    const calm = await idle(IDLE_SECONDS);
    const busy = await phase(server.pid, work);
    busy.idle_before = { load_avg_1m: calm.load_avg_1m, reads: calm.reads };
    busy.vs_idle = Object.fromEntries(
      READS.map((r) => {
        const [b, c] = [busy.reads[r], calm.reads[r]];
        return [
          r,
          { p50: +(b.p50_ms / c.p50_ms).toFixed(2), p99: +(b.p99_ms / c.p99_ms).toFixed(2), max: +(b.max_ms / c.max_ms).toFixed(2) },
        ];
      }),
    );
    results[key] = busy;
  }
  await assertServerAlive(PORT);

  writeResult(postgres ? 'import-upload-postgresql' : 'import-upload', {
    bench: 'import-upload',
    at: new Date().toISOString(),
    machine: startMachine,
    database: postgres ? 'postgresql' : 'pglite',
    book: { chapters: book.chapters, inflated_mb: +(book.inflated / MB).toFixed(1), file_mb: +(book.zip.length / MB).toFixed(1) },
    bomb: { file_kb: Math.round(bomb.length / 1024), real_mb: 300, declared_bytes: 1000 },
    readers: `${CLIENTS_PER_READ} clients per path, each request after the last`,
    results,
  });
  for (const [key, r] of Object.entries(results)) {
    const reads = READS.map((p) => {
      const [v, c, x] = [r.reads[p], r.idle_before.reads[p], r.vs_idle[p]];
      const failed = v.failed ? `, ${v.failed.length} failed (${v.failed[0]})` : '';
      return `${p} p50 ${v.p50_ms} ms (idle ${c.p50_ms}, ×${x.p50}) p99 ${v.p99_ms} ms (idle ${c.p99_ms}, ×${x.p99}) max ${v.max_ms} ms (idle ${c.max_ms})${failed}`;
    }).join('; ');
    console.log(
      `${key}: ${r.seconds} s → ${r.outcome.status} ${r.outcome.path} ${r.outcome.message ?? ''}; server RSS ${r.server_rss_start_mb} → peak ${r.server_rss_peak_mb} MB, parsing process peak ${r.parser_rss_peak_mb} MB; load ${r.idle_before.load_avg_1m} idle, ${r.load_avg_1m} after; ${reads}`,
    );
  }
} catch (err) {
  await explainFailure(err, PORT);
} finally {
  await stopServer(server);
  await postgres?.drop();
}
