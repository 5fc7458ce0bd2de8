// Where a server's CPU time went, from a V8 .cpuprofile (node --cpu-prof): the top functions by self time and by
// total time, and the time per package (next, react-dom/server, zod, drizzle, pg, our code, JSON, logging…).
// The production build is minified; each frame is mapped back to its source through the chunk's .js.map, so our
// code and the bundled packages are named by their source file. A window cuts the profile to one bench phase:
//
//   node bench/lib/cpu-profile-top.mjs /tmp/prof/CPU.….cpuprofile [--end-before-ms N] [--seconds S] [--top 15] [--json]
//
// --end-before-ms N --seconds S: the S seconds that ended N ms before the profile's end (bench/purchase.mjs prints N
// for its purchase run when SERVER_NODE_ARGS carries --cpu-prof). Used by docs/wallet.md "Where a purchase's time goes".
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMap } from 'node:module';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
if (!file) {
  console.error('usage: node bench/lib/cpu-profile-top.mjs <file.cpuprofile> [--end-before-ms N] [--seconds S] [--top 15] [--json]');
  process.exit(2);
}
const TOP = opt('top', 15);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

// The sample window, in the profile's microseconds.
const endBefore = opt('end-before-ms', undefined);
const seconds = opt('seconds', undefined);
let from = -Infinity;
let to = Infinity;
if (endBefore !== undefined) to = profile.endTime - endBefore * 1000;
if (seconds !== undefined) from = (Number.isFinite(to) ? to : profile.endTime) - seconds * 1e6;

// Source maps of the build's chunks, loaded once per file.
const maps = new Map();
function sourceMapOf(url) {
  if (!url.endsWith('.js') || !url.includes('/.next/')) return null;
  if (!maps.has(url)) {
    let map = null;
    try {
      const jsPath = url.startsWith('file://') ? fileURLToPath(url) : url;
      // The map is named by the chunk's last line (a browser chunk's map may have another hash than the chunk).
      const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(fs.readFileSync(jsPath, 'utf8').slice(-300))?.[1];
      const mapPath = named && !named.startsWith('data:') ? path.join(path.dirname(jsPath), named) : `${jsPath}.map`;
      map = new SourceMap(JSON.parse(fs.readFileSync(mapPath, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

/** The package a source path belongs to (the last node_modules segment), or null for our own code. */
function packageOf(source) {
  const parts = source.split('node_modules/');
  if (parts.length < 2) return null;
  const rest = decodeURIComponent(parts.at(-1)).split('/');
  // Drizzle's own source maps point at its src/ folder, which the build resolves to node_modules/src/….
  if (rest[0] === 'src') return 'drizzle-orm';
  return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
}

/** A frame's category (the package table) and a readable label (function @ source:line). */
function describe(frame) {
  const { functionName, url, lineNumber, columnNumber } = frame;
  const name = functionName || '(anonymous)';
  if (!url) {
    if (name.startsWith('(')) return { category: name, label: name };
    if (/^(JSON\.)?(stringify|parse)$/.test(name) || name.startsWith('JSON')) return { category: 'JSON', label: name };
    return { category: 'V8 builtins', label: name };
  }
  if (url.startsWith('node:')) return { category: 'node core', label: `${name} ${url}:${lineNumber + 1}` };
  let source = url.replace(/^file:\/\//, '');
  let line = lineNumber + 1;
  let label = name;
  const map = sourceMapOf(url);
  // A chunk whose map is gone (rebuilt since the profile was taken) cannot be named: say so rather than guess.
  if (!map && url.includes('/.next/'))
    return { category: 'build chunk (no source map)', label: `${name} ${path.basename(source)}:${line}` };
  if (map) {
    const entry = map.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) {
      source = entry.originalSource;
      line = entry.originalLine + 1;
      if (entry.name && name.length <= 2) label = entry.name;
    }
  }
  source = source.replace(/^(\.\.\/)+/, '').replace(/^\[project\]\//, '');
  const pkg = packageOf(source);
  let category;
  if (!pkg) category = /lib\/server\/logger/.test(source) ? 'our code: logging' : 'our code';
  else if (pkg === 'next') {
    if (/react-dom|react-server-dom/.test(source)) category = 'react-dom/server';
    else category = 'next';
  } else if (
    pkg.startsWith('pg') ||
    pkg === 'postgres-array' ||
    pkg === 'postgres-date' ||
    pkg === 'postgres-bytea' ||
    pkg === 'postgres-interval'
  )
    category = 'pg';
  else if (pkg === 'drizzle-orm') category = 'drizzle';
  else category = pkg;
  const short = pkg ? source.slice(source.lastIndexOf('node_modules/') + 'node_modules/'.length) : source;
  return { category, label: `${label} ${short}:${line}` };
}

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const described = new Map();
const describeNode = (id) => {
  if (!described.has(id)) described.set(id, describe(nodes.get(id).callFrame));
  return described.get(id);
};

const selfByLabel = new Map();
const totalByLabel = new Map();
const selfByCategory = new Map();
const totalByCategory = new Map();
const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
let t = profile.startTime;
let sampled = 0;
let idle = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  if (t < from || t > to) continue;
  // A sample's weight is the time until the next one (the last one has none).
  const weight = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const id = profile.samples[i];
  const own = describeNode(id);
  if (own.category === '(idle)') {
    idle += weight;
    continue;
  }
  sampled += weight;
  add(selfByLabel, `${own.category}|${own.label}`, weight);
  add(selfByCategory, own.category, weight);
  const labels = new Set();
  const categories = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const d = describeNode(at);
    if (d.category === '(root)') continue;
    labels.add(`${d.category}|${d.label}`);
    categories.add(d.category);
  }
  for (const l of labels) add(totalByLabel, l, weight);
  for (const c of categories) add(totalByCategory, c, weight);
}

const pct = (ms) => +((100 * ms) / sampled).toFixed(1);
const top = (m, n) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => {
      const [category, label] = k.includes('|') ? k.split('|') : [k, k];
      return { category, label, ms: Math.round(ms), pct: pct(ms) };
    });
const report = {
  profile: path.basename(file),
  window_s: +((Math.min(to, profile.endTime) - Math.max(from, profile.startTime)) / 1e6).toFixed(1),
  busy_ms: Math.round(sampled),
  idle_ms: Math.round(idle),
  categories_self: top(selfByCategory, 30),
  categories_total: top(totalByCategory, 30),
  self: top(selfByLabel, TOP),
  total: top(totalByLabel, TOP),
};
if (args.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`${report.profile}: ${report.window_s} s window, ${report.busy_ms} ms on CPU, ${report.idle_ms} ms idle`);
  const row = (r) => `${String(r.ms).padStart(7)} ms ${String(r.pct).padStart(5)}%  ${r.label}`;
  console.log('\nby package, self time (inclusive in brackets):');
  const totals = new Map(report.categories_total.map((r) => [r.category, r]));
  for (const r of report.categories_self)
    console.log(
      `${String(r.ms).padStart(7)} ms ${String(r.pct).padStart(5)}%  (${String(totals.get(r.category)?.pct ?? '').padStart(5)}%)  ${r.category}`,
    );
  console.log(`\ntop ${TOP} by self time:`);
  for (const r of report.self) console.log(`${row(r)}  [${r.category}]`);
  console.log(`\ntop ${TOP} by total time:`);
  for (const r of report.total) console.log(`${row(r)}  [${r.category}]`);
}
