// The listening pipeline's figures (issue 7), against the production build on a fresh data directory:
// - first audio of never-synthesized chapters: from the playlist request to the first segment fetched (target
//   p50 ≤ 1 s, p95 ≤ 2 s), also from the get_private_url call; sequential, one listener, warm server
// - a cached chapter: playlist request to first segment fetched (target ≤ 150 ms)
// - synthesis + encoding real-time factor on ONE core (bench/lib/audio-rtf.mts under taskset; target ≥ 100×)
// - 8 concurrent first listens (each plays on: reloads its playlist and fetches every new segment, then the next
//   chapter): server RSS (with its ffmpeg children) idle / peak / after, and /m throughput during them against
//   idle (target ≥ 50%)
// - time-track accuracy: the finished HLS decoded by ffmpeg, each paragraph's speech onset after its pause
//   against its time-track entry (target within 100 ms)
// Not a timed test: it prints figures and verdicts and writes bench/results/audio.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { resolveFfmpeg } from '../lib/tts/ffmpeg-path.mjs';
import { agreedVersions, call } from './lib/member.mjs';
import { startServer } from './lib/server.mjs';
import { assertPortFree, benchPort, busyWarning, explainFailure, machine, percentile, stopServer, writeResult } from './lib/util.mjs';

const PORT = benchPort(3300);
const SECONDS = Math.max(2, Number(process.env.BENCH_AUDIO_SECONDS ?? 10) || 10);
const CPU = Number(process.env.BENCH_AUDIO_CPU ?? os.cpus().length - 1);
const LISTENERS = 8;
const SAMPLE_RATE = 22_050;
const PAUSE_S = 0.5;
const base = `http://127.0.0.1:${PORT}`;
const now = () => performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (n, d = 1) => +n.toFixed(d);
const stats = (xs) => ({
  n: xs.length,
  p50_ms: round(percentile(xs, 50)),
  p95_ms: round(percentile(xs, 95)),
  max_ms: round(Math.max(...xs)),
});

let token;
const auth = () => ({ authorization: `Bearer ${token}` });
const segmentUris = (playlist) => playlist.split('\n').filter((l) => l && !l.startsWith('#'));

async function signedUrl(aid) {
  const { data } = await call(base, '/v1/audio/articles/get_private_url', {
    method: 'POST',
    token,
    body: { base_url: `/audio/${aid}/index.m3u8` },
  });
  return data.url;
}

async function fetchSegment(aid, uri) {
  const res = await fetch(`${base}/audio/${aid}/${uri}`, { headers: auth() });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200 || bytes[0] !== 0x47)
    throw new Error(`bench: segment ${uri} of chapter ${aid} answered ${res.status} (${bytes.length} bytes)`);
  return bytes;
}

async function fetchPlaylist(url) {
  const res = await fetch(`${base}${url}`, { headers: auth() });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`bench: playlist ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return text;
}

/** A player's first steps: signed URL, playlist, first segment. Times from the URL call and from the playlist request. */
async function firstAudio(aid) {
  const t0 = now();
  const url = await signedUrl(aid);
  const t1 = now();
  const playlist = await fetchPlaylist(url);
  await fetchSegment(aid, segmentUris(playlist)[0]);
  const t2 = now();
  return { url, playlist, fromPlaylist: t2 - t1, fromUrl: t2 - t0, growing: !playlist.includes('#EXT-X-ENDLIST') };
}

/** Plays a chapter on like hls.js: reloads the playlist while it grows and fetches every segment once. */
async function playThrough(aid, url, playlist, until) {
  const fetched = new Set();
  for (;;) {
    for (const uri of segmentUris(playlist)) {
      if (fetched.has(uri)) continue;
      fetched.add(uri);
      await fetchSegment(aid, uri);
    }
    if (playlist.includes('#EXT-X-ENDLIST') || now() > until) return;
    await sleep(500);
    playlist = await fetchPlaylist(url);
  }
}

async function waitComplete(aid, ms = 120_000) {
  const deadline = now() + ms;
  while (now() < deadline) {
    const { data } = await call(base, `/v1/articles/${aid}/tts_time_track`, { token });
    if (data.complete) return data;
    await sleep(200);
  }
  throw new Error(`bench: chapter ${aid} was not synthesized within ${ms / 1000} s`);
}

/** Resident memory (KB) of the server process and, separately, of its children (the ffmpeg encoders). */
function rssKb(pid) {
  const read = (p) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
  let children = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === pid) children += read(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  const server = read(pid);
  return { server, children, total: server + children };
}

function mThroughput(seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${base}/m`, connections: 10, duration: seconds }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx > 0 || r.errors > 0) return reject(new Error(`bench: /m answered ${r.non2xx} non-2xx and ${r.errors} errors`));
      resolve({ rps: round(r.requests.average), p99_ms: r.latency.p99 });
    });
  });
}

/** Free chapters the reader can hear: [{ id, language_type, paragraphs }]. */
async function readable(ids) {
  const out = [];
  for (const id of ids) {
    const { data } = await call(base, `/v1/read/${id}`);
    if (!data.locked && data.m3u8_url) out.push({ id, language_type: data.novel.language_type, paragraphs: data.paragraphs });
  }
  return out;
}

/** Decodes a finished chapter's HLS with ffmpeg and compares each paragraph's speech onset with its time-track entry. */
async function trackErrors(aid, dir) {
  const url = await signedUrl(aid);
  const playlist = await fetchPlaylist(url);
  const { time_track: track } = await waitComplete(aid);
  const local = [];
  for (const line of playlist.split('\n')) {
    if (line && !line.startsWith('#')) {
      const name = line.split('?')[0];
      fs.writeFileSync(path.join(dir, `${aid}-${name}`), await fetchSegment(aid, line));
      local.push(`${aid}-${name}`);
    } else local.push(line);
  }
  const m3u8 = path.join(dir, `${aid}.m3u8`);
  fs.writeFileSync(m3u8, local.join('\n'));
  const raw = execFileSync(
    resolveFfmpeg(),
    ['-hide_banner', '-loglevel', 'error', '-i', m3u8, '-f', 's16le', '-ac', '1', '-ar', String(SAMPLE_RATE), 'pipe:1'],
    { maxBuffer: 1 << 28 },
  );
  const pcm = new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2);
  const frame = Math.round(SAMPLE_RATE * 0.005);
  const loud = (start) => {
    let peak = 0;
    for (let i = start; i < Math.min(pcm.length, start + frame); i++) peak = Math.max(peak, Math.abs(pcm[i]));
    return peak > 1000;
  };
  return track.map((t) => {
    // The pause before a paragraph is silence: the first loud 5 ms frame after it began is the speech onset.
    let i = Math.max(0, Math.round((t - PAUSE_S * 0.8) * SAMPLE_RATE));
    while (i < pcm.length && !loud(i)) i += frame;
    return (i / SAMPLE_RATE - t) * 1000;
  });
}

await assertPortFree(PORT);
const warning = busyWarning();
if (warning) console.log(warning);
const dataDir = '.data-bench-audio';
const server = await startServer({ port: PORT, dataDir });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-bench-audio-'));
const report = {
  bench: 'audio',
  at: new Date().toISOString(),
  machine: machine(),
  note: 'machine shared with other helpers; figures from one run',
};
try {
  ({
    data: { token },
  } = await call(base, '/v1/tourist/login', {
    method: 'POST',
    body: { device_id: `bench-audio-${crypto.randomUUID()}`, agreements: await agreedVersions(base) },
  }));

  // Chapters never heard before, two apart (listening to one synthesizes the next ahead): novel 1 and novel 2's
  // free chapters (Chinese), novel 3's (Uyghur).
  const { data: uyghur } = await call(base, '/v1/novels/3');
  const firstIds = [
    ...Array.from({ length: 10 }, (_, i) => 1 + 2 * i),
    ...Array.from({ length: 12 }, (_, i) => 201 + 2 * i),
    uyghur.first_article_id,
    uyghur.first_article_id + 2,
  ];
  const chaptersForFirst = await readable(firstIds);
  // The one-core run (after the server stops) speaks the same Chinese chapters, read now through the API.
  const input = path.join(scratch, 'rtf-chapters.json');
  fs.writeFileSync(input, JSON.stringify(chaptersForFirst.slice(0, 10)));
  // Warm-up on a chapter of its own (the routes' first load, the JIT), not counted.
  await firstAudio(20);
  await waitComplete(20);

  const first = [];
  for (const ch of chaptersForFirst.slice(0, -1)) {
    const r = await firstAudio(ch.id);
    first.push(r);
    await waitComplete(ch.id); // one listener at a time: its chapter finishes before the next first listen
  }
  report.first_audio = {
    target: 'p50 ≤ 1000 ms, p95 ≤ 2000 ms from the playlist request to the first segment fetched',
    from_playlist_request: stats(first.map((r) => r.fromPlaylist)),
    from_get_private_url: stats(first.map((r) => r.fromUrl)),
    answered_growing_playlist: first.filter((r) => r.growing).length,
  };
  report.first_audio.pass =
    report.first_audio.from_playlist_request.p50_ms <= 1000 && report.first_audio.from_playlist_request.p95_ms <= 2000;

  const cached = [];
  for (const r of first) {
    const aid = Number(/\/audio\/(\d+)\//.exec(r.url)[1]);
    const t = now();
    const playlist = await fetchPlaylist(r.url);
    await fetchSegment(aid, segmentUris(playlist)[0]);
    cached.push(now() - t);
  }
  report.cached = { target: 'playlist + first segment ≤ 150 ms', ...stats(cached) };
  report.cached.pass = report.cached.p95_ms <= 150;

  // Time-track accuracy on finished chapters (two Chinese, one Uyghur).
  const accuracyIds = [chaptersForFirst[0].id, chaptersForFirst[12].id, chaptersForFirst.find((c) => c.language_type === 0).id];
  const errors = [];
  for (const aid of accuracyIds) errors.push(...(await trackErrors(aid, scratch)));
  const abs = errors.map(Math.abs);
  report.time_track = {
    target: 'every paragraph start within 100 ms of its speech onset in the decoded HLS',
    chapters: accuracyIds,
    paragraphs: errors.length,
    mean_error_ms: round(errors.reduce((a, b) => a + b, 0) / errors.length),
    p95_abs_error_ms: round(percentile(abs, 95)),
    max_abs_error_ms: round(Math.max(...abs)),
  };
  report.time_track.pass = report.time_track.max_abs_error_ms <= 100;

  // 8 concurrent first listens, each playing on, against /m throughput and the server's memory.
  const pool = [];
  for (let nid = 7; nid <= 211 && pool.length < 120; nid++) {
    const { res, data } = await call(base, `/v1/novels/${nid}`, { expect: 200 }).catch(() => ({ res: null, data: null }));
    if (res && data?.has_tts && data.language_type !== 2 && data.first_article_id) pool.push(data.first_article_id);
  }
  await sleep(1000);
  const rssIdle = rssKb(server.pid);
  const idle = await mThroughput(SECONDS);
  const peak = { server: 0, children: 0, total: 0 };
  const sampler = setInterval(() => {
    const sample = rssKb(server.pid);
    for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], sample[k]);
  }, 200);
  const until = now() + SECONDS * 1000;
  const concurrentFirst = [];
  const listener = async () => {
    while (now() < until && pool.length) {
      const aid = pool.shift();
      const r = await firstAudio(aid);
      concurrentFirst.push(r.fromPlaylist);
      await playThrough(aid, r.url, r.playlist, until);
    }
  };
  const [during] = await Promise.all([mThroughput(SECONDS), ...Array.from({ length: LISTENERS }, listener)]);
  clearInterval(sampler);
  await sleep(3000);
  const rssAfter = rssKb(server.pid);
  report.concurrent = {
    listeners: LISTENERS,
    seconds: SECONDS,
    first_audio_under_load: stats(concurrentFirst),
    rss_mb: {
      idle: round(rssIdle.total / 1024),
      peak: round(peak.total / 1024),
      peak_server: round(peak.server / 1024),
      peak_ffmpeg_children: round(peak.children / 1024),
      after: round(rssAfter.total / 1024),
      peak_over_idle: round((peak.total - rssIdle.total) / 1024),
    },
    m_idle: idle,
    m_during: during,
    m_throughput_ratio: round(during.rps / idle.rps, 3),
  };
  report.concurrent.pass = report.concurrent.m_throughput_ratio >= 0.5;
} catch (err) {
  await explainFailure(err, PORT);
} finally {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (!process.exitCode) {
  // Real-time factor on one core, with the server stopped (nothing else of ours on that core).
  const input = path.join(scratch, 'rtf-chapters.json');
  const run = spawnSync(
    'taskset',
    ['-c', String(CPU), process.execPath, '--conditions=react-server', '--import', 'tsx', 'bench/lib/audio-rtf.mts', input],
    { env: { ...process.env, TTS_WORKERS: '1' }, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`bench: the one-core run failed: ${run.stderr.slice(-1000)}`);
  report.rtf_one_core = { target: '≥ 100× real time', cpu: CPU, ...JSON.parse(run.stdout.trim().split('\n').at(-1)) };
  report.rtf_one_core.pass = report.rtf_one_core.rtf >= 100;
  fs.rmSync(scratch, { recursive: true, force: true });
  const file = writeResult('audio', report);
  console.log(JSON.stringify(report, null, 2));
  console.log(`written to ${file}`);
}
