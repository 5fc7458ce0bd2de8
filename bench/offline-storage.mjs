// Offline storage per hour of audio (docs/offline.md "Storage"): what a download keeps on the phone for each
// hour of listening. Reads the finished chapters' audio under a data directory (the files a download copies
// byte for byte: the segments, plus the playlist rewritten to stable addresses) and the chapter text kept with
// them, and reports bytes per hour of audio. No server needed: run it on a data directory where chapters were
// listened to or made ahead, e.g. `DATA_DIR=.data-e2e-offline node bench/offline-storage.mjs` after the offline
// e2e, or `.data` after listening in development.
import fs from 'node:fs';
import path from 'node:path';
import { machine, writeResult } from './lib/util.mjs';

const dataDir = process.env.DATA_DIR ?? '.data';
const root = path.join(dataDir, 'audio', 'chapters');
const MB = 1024 * 1024;

/** One finished chapter version: its audio seconds, segment bytes and playlist bytes. */
function chapterVersion(dir) {
  const statePath = path.join(dir, 'state.json');
  if (!fs.existsSync(statePath)) return null;
  const state = JSON.parse(fs.readFileSync(statePath, 'utf8'));
  if (!state.complete || !state.duration) return null;
  let segments = 0;
  for (const s of state.segments) segments += fs.statSync(path.join(dir, `${s.index}.ts`)).size;
  // The download rewrites each URI to /offline/audio/{aid}/{n}.ts: about as long as the stored relative URI plus 20.
  const playlist = fs.statSync(path.join(dir, 'index.m3u8')).size + state.segments.length * 20;
  return { duration: state.duration, segments, playlist, paragraphs: state.time_track.length };
}

const chapters = [];
if (fs.existsSync(root)) {
  for (const aid of fs.readdirSync(root)) {
    for (const version of fs.readdirSync(path.join(root, aid))) {
      const v = chapterVersion(path.join(root, aid, version));
      if (v) chapters.push({ aid: Number(aid), ...v });
    }
  }
}
if (!chapters.length) {
  console.error(`no finished chapter audio under ${root}: listen to a few chapters first (or run the offline e2e)`);
  process.exit(1);
}
const seconds = chapters.reduce((s, c) => s + c.duration, 0);
const segmentBytes = chapters.reduce((s, c) => s + c.segments, 0);
const playlistBytes = chapters.reduce((s, c) => s + c.playlist, 0);
const hours = seconds / 3600;
const audioPerHour = segmentBytes / hours;
const report = {
  machine: machine(),
  data_dir: dataDir,
  chapters: chapters.length,
  audio_seconds: Math.round(seconds),
  bytes: { segments: segmentBytes, playlists: playlistBytes },
  per_hour_of_audio: {
    audio_mb: Number((audioPerHour / MB).toFixed(2)),
    with_playlists_mb: Number(((segmentBytes + playlistBytes) / hours / MB).toFixed(2)),
    // 32 kbps AAC alone would be 13.73 MB (= 32000/8 × 3600 / 2^20); the rest is MPEG-TS and ADTS framing.
    aac_payload_mb: Number((((32_000 / 8) * 3600) / MB).toFixed(2)),
  },
};
report.per_hour_of_audio.container_overhead = Number(
  (report.per_hour_of_audio.audio_mb / report.per_hour_of_audio.aac_payload_mb - 1).toFixed(3),
);
console.log(JSON.stringify(report, null, 2));
console.log(`written to ${writeResult('offline-storage', report)}`);
