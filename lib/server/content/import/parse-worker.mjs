// One import file parsed in a child process, off the server's event loop and out of its memory (docs/content.md
// "Import", "Limits"): parse-in-worker.ts starts it per upload, sends it the file, reads its answer and stops it.
// Plain ESM loaded by its path, outside the server's bundle; Node resolves fflate, iconv-lite and opencc-js from
// the project's node_modules.
import os from 'node:os';
import { parseEpubBook } from './epub-book.mjs';
import { isRefusal } from './refusal.mjs';
import { decodeText } from './text-decode.mjs';
import { splitChapters } from './text-split.mjs';

// Readers' requests in the server win the CPU when both want it (the audio synthesis threads run at the same value).
try {
  os.setPriority(10);
} catch {
  // Not permitted here: run at the server's priority.
}

// Chapters go back in messages of about this many characters: the server decodes each message on its event loop,
// and one message of a whole 250 MB book would hold it for a third of a second.
const BATCH_CHARS = 4 * 1024 * 1024;

function parse({ kind, bytes, limits, titles, encoding: chosen, maxCoverBytes }) {
  if (kind === 'epub') return parseEpubBook(bytes, limits, { maxCoverBytes });
  const { text, encoding } = decodeText(bytes, chosen);
  return { encoding, ...splitChapters(text, titles) };
}

const stats = (started) => ({ ms: Math.round(performance.now() - started), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) });

// One job per process; the listener stays, so the process lives until the server has read the answer and ends it.
process.on('message', (job) => {
  const started = performance.now();
  try {
    const { chapters, skipped = [], ...rest } = parse(job);
    // An EPUB's skipped pages keep their text too (epub-book.mjs): they go back in batches the same way, first.
    const sendBatched = (items, key) => {
      let batch = [];
      let size = 0;
      for (const item of items) {
        batch.push(item);
        size += item.title.length + item.content.length;
        if (size >= BATCH_CHARS) {
          process.send({ [key]: batch });
          batch = [];
          size = 0;
        }
      }
      return batch;
    };
    const lastSkipped = sendBatched(skipped, 'skipped');
    if (lastSkipped.length) process.send({ skipped: lastSkipped });
    const last = sendBatched(chapters, 'chapters');
    process.send({ ok: true, result: { ...rest, chapters: last }, stats: stats(started) });
  } catch (err) {
    process.send(
      isRefusal(err)
        ? { ok: false, refusal: { code: err.code, arg: err.arg }, stats: stats(started) }
        : { ok: false, error: String(err?.stack ?? err) },
    );
  }
});
