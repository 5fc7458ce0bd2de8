// The continuous stream's figures (docs/listening.md "Continuous stream"), against the production build on a fresh
// data directory:
// - first audio of a continuous stream (n = -1): from the stream playlist request to its first segment fetched,
//   for chapters never heard (the first listen waits for the first segment) and again once voiced (the stream then
//   spans the following chapters); target as for a single chapter today: p50 ≤ 500 ms, p95 ≤ 1000 ms
// - the gap at a chapter boundary on the decoded stream: each chapter's segments decoded by ffmpeg and joined as a
//   player joins them at a discontinuity; the silence at the seam against the engine's own silence at a paragraph
//   seam (its pause taken out) is the unintended silence (target < 50 ms). Also the playlist's timeline against
//   the decoded length of the first chapter (what a player positioning the next chapter by EXTINF would add).
// Not a timed test: it prints figures and verdicts and writes bench/results/audio-stream.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { resolveFfmpeg } from '../lib/tts/ffmpeg-path.mjs';
import { agreedVersions, call } from './lib/member.mjs';
import { SAMPLE_RATE, seam } from './lib/seam.mjs';
import { startServer } from './lib/server.mjs';
import { assertPortFree, benchPort, busyWarning, explainFailure, machine, percentile, stopServer, writeResult } from './lib/util.mjs';

const PORT = benchPort(3310);
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
const segmentUris = (playlist) => playlist.split('\n').filter((l) => l && !l.startsWith('#'));

async function streamUrl(aid) {
  const { data } = await call(base, '/v1/audio/articles/get_private_url', {
    method: 'POST',
    token,
    body: { base_url: `/audio/${aid}/index.m3u8` },
  });
  return `${data.url.replace('/index.m3u8?', '/stream.m3u8?')}&n=-1`;
}

async function get(url) {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`bench: ${url.split('?')[0]} answered ${res.status}`);
  return bytes;
}

async function firstAudio(aid) {
  const t0 = now();
  const url = await streamUrl(aid);
  const t1 = now();
  const playlist = Buffer.from(await get(url)).toString('utf8');
  const seg = await get(segmentUris(playlist)[0]);
  if (seg[0] !== 0x47) throw new Error('bench: the first segment is not MPEG-TS');
  const t2 = now();
  return { url, playlist, fromPlaylist: t2 - t1, fromUrl: t2 - t0, chapters: (playlist.match(/X-CHAPTER-ID=/g) ?? []).length };
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

/** Each chapter of a stream playlist decoded on its own (its segments joined), as 16-bit PCM at 22,050 Hz. */
async function decodeChapters(playlist, dir) {
  const chapters = [];
  let current = null;
  for (const line of playlist.split('\n')) {
    const marker = /X-CHAPTER-ID="(\d+)"/.exec(line);
    if (marker) chapters.push((current = { id: Number(marker[1]), files: [], extinf: 0 }));
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) current.extinf += Number(inf[1]);
    if (line.startsWith('/audio/')) {
      const file = path.join(dir, `${current.id}-${current.files.length}.ts`);
      fs.writeFileSync(file, await get(line));
      current.files.push(file);
    }
  }
  for (const c of chapters) {
    const joined = path.join(dir, `${c.id}.ts`);
    fs.writeFileSync(joined, Buffer.concat(c.files.map((f) => fs.readFileSync(f))));
    const raw = execFileSync(
      resolveFfmpeg(),
      ['-hide_banner', '-loglevel', 'error', '-i', joined, '-f', 's16le', '-ac', '1', '-ar', String(SAMPLE_RATE), 'pipe:1'],
      {
        maxBuffer: 1 << 28,
      },
    );
    c.pcm = new Int16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
  }
  return chapters;
}

await assertPortFree(PORT);
const warning = busyWarning();
if (warning) console.log(warning);
const dataDir = '.data-bench-stream';
const server = await startServer({ port: PORT, dataDir });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-bench-stream-'));
const report = {
  bench: 'audio-stream',
  at: new Date().toISOString(),
  machine: machine(),
  note: 'machine shared with other helpers; figures from one run',
};
try {
  ({
    data: { token },
  } = await call(base, '/v1/tourist/login', {
    method: 'POST',
    body: { device_id: `bench-stream-${crypto.randomUUID()}`, agreements: await agreedVersions(base) },
  }));
  // Warm-up (the routes' first load), not counted.
  await firstAudio(19);
  await waitComplete(19);

  // Never-heard chapters of novel 1, two apart (each listen voices the next one ahead).
  const ids = Array.from({ length: 8 }, (_, i) => 1 + 2 * i);
  const cold = [];
  for (const aid of ids) {
    cold.push(await firstAudio(aid));
    await waitComplete(aid);
    await waitComplete(aid + 1);
  }
  const warm = [];
  for (const aid of ids) warm.push(await firstAudio(aid));
  report.first_audio = {
    target: 'p50 ≤ 500 ms, p95 ≤ 1000 ms from the stream playlist request to the first segment fetched',
    never_heard: { from_playlist_request: stats(cold.map((r) => r.fromPlaylist)), from_get_private_url: stats(cold.map((r) => r.fromUrl)) },
    voiced: {
      from_playlist_request: stats(warm.map((r) => r.fromPlaylist)),
      from_get_private_url: stats(warm.map((r) => r.fromUrl)),
      chapters_in_stream: warm.map((r) => r.chapters),
    },
  };
  const all = [...cold, ...warm].map((r) => r.fromPlaylist);
  report.first_audio.pass = percentile(all, 50) <= 500 && percentile(all, 95) <= 1000;

  // The seam: chapters 1 → 2 and 3 → 4 (voiced above), from a stream of two.
  const seams = [];
  for (const aid of [1, 3]) {
    const url = (await streamUrl(aid)).replace(/&n=-1$/, '&n=1');
    const playlist = Buffer.from(await get(url)).toString('utf8');
    const [a, b] = await decodeChapters(playlist, scratch);
    if (!b) throw new Error(`bench: the stream of ${aid} holds one chapter`);
    seams.push({
      chapters: [a.id, b.id],
      ...seam(a.pcm, b.pcm),
      timeline_minus_decoded_ms: round((a.extinf - a.pcm.length / SAMPLE_RATE) * 1000),
    });
  }
  report.chapter_boundary = {
    target: '< 50 ms of unintended silence at the seam of the decoded stream',
    how: 'each chapter decoded on its own and joined sample to sample (a player at a discontinuity); unintended = seam silence − the engine’s own silence at a paragraph seam (median, the 0.5 s pause taken out)',
    seams,
  };
  report.chapter_boundary.pass = seams.every((s) => s.unintended_ms < 50);
} catch (err) {
  await explainFailure(err, PORT);
} finally {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
}
if (!process.exitCode) {
  const file = writeResult('audio-stream', report);
  console.log(JSON.stringify(report, null, 2));
  console.log(`written to ${file}`);
}
