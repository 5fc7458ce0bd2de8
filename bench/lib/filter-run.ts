// See bench/filter.mjs. The word list and the texts are generated from a fixed seed, so every run measures the same
// work: 20,000 words of 2–6 characters (Chinese, plus some Latin advertising-style patterns) and texts of 10,000
// characters of ordinary Chinese with separators, full-width letters and a few listed words mixed in.
import { normalizeText } from '../../lib/server/moderation/filter';
import { WordMatcher, type ListedWord } from '../../lib/server/moderation/word-matcher';
// @ts-expect-error plain ESM helpers without types
import { busyWarning, machine, median, percentile, writeResult } from './util.mjs';

const WORDS = Number(process.env.BENCH_FILTER_WORDS ?? 20_000);
const TEXT_CHARS = Number(process.env.BENCH_FILTER_CHARS ?? 10_000);
const CHECKS = Number(process.env.BENCH_FILTER_CHECKS ?? 200);
const TARGET_MS = 10;

// mulberry32: a small deterministic generator.
let state = 0x5eed;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const han = () => String.fromCharCode(0x4e00 + Math.floor(random() * 6000));
const latin = 'abcdefghijklmnopqrstuvwxyz0123456789';

function wordList(): ListedWord[] {
  const words = new Set<string>();
  while (words.size < WORDS) {
    const length = 2 + Math.floor(random() * 5);
    let w = '';
    for (let i = 0; i < length; i++) w += random() < 0.1 ? pick([...latin]) : han();
    words.add(normalizeText(w));
  }
  const categories = ['politics', 'porn', 'violence', 'ads', 'abuse', 'illegal'];
  return [...words].map((word, i) => ({ word, category: categories[i % categories.length]!, action: i % 3 === 0 ? 'review' : 'block' }));
}

function text(list: ListedWord[], withWords: boolean): string {
  const separators = [' ', '，', '。', '！', '\u200b', '😀', 'Ａ', '·'];
  let out = '';
  while (out.length < TEXT_CHARS) {
    const r = random();
    out += withWords && r < 0.001 ? pick(list).word : r < 0.08 ? pick(separators) : han();
  }
  return out.slice(0, TEXT_CHARS);
}

const list = wordList();
const warning = busyWarning();
const buildMs: number[] = [];
let matcher!: WordMatcher;
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  matcher = new WordMatcher(list);
  buildMs.push(performance.now() - started);
}
// Half the texts carry listed words, half are clean (a clean text is scanned to its end).
const texts = Array.from({ length: 20 }, (_, i) => text(list, i % 2 === 0));
for (const t of texts) matcher.check(normalizeText(t)); // warm-up: JIT and OpenCC's tables

const normaliseMs: number[] = [];
const checkMs: number[] = [];
const verdicts = { ok: 0, block: 0, review: 0 };
for (let i = 0; i < CHECKS; i++) {
  const t = texts[i % texts.length]!;
  const a = performance.now();
  const normalised = normalizeText(t);
  const b = performance.now();
  verdicts[matcher.check(normalised).verdict]++;
  const c = performance.now();
  normaliseMs.push(b - a);
  checkMs.push(c - a);
}

const round = (n: number | undefined) => (n === undefined ? null : +n.toFixed(2));
const report = {
  bench: 'filter',
  at: new Date().toISOString(),
  machine: machine(),
  words: list.length,
  text_chars: TEXT_CHARS,
  checks: CHECKS,
  target_ms_per_check: TARGET_MS,
  build_ms: { median: round(median(buildMs)), runs: buildMs.map(round) },
  per_check_ms: {
    p50: round(percentile(checkMs, 50)),
    p95: round(percentile(checkMs, 95)),
    p99: round(percentile(checkMs, 99)),
    within_target: (percentile(checkMs, 95) ?? Infinity) <= TARGET_MS,
  },
  normalise_ms_p50: round(percentile(normaliseMs, 50)),
  verdicts,
  heap_mb: +(process.memoryUsage().heapUsed / 1e6).toFixed(0),
};
const file = writeResult('filter', report);
if (warning) console.log(warning);
console.log(
  `filter: ${list.length} words built in ${report.build_ms.median} ms; ${TEXT_CHARS} characters checked in p50 ${report.per_check_ms.p50} ms, ` +
    `p95 ${report.per_check_ms.p95} ms (target ≤ ${TARGET_MS}) — ${file}`,
);
