// The folder-level import graph of lib/server (docs/development.md "Layout and import direction"): every
// import/export-from specifier of lib/server/**/*.{ts,tsx,mts,mjs} (tests excluded), resolved through the `@/` alias
// or a relative path, counted per edge folder → folder. Loose files directly under lib/server count as the folder
// `(root)`. Prints the edges, the cycles between folders and every edge that goes against LAYERS (eslint-rules/
// server-layers.mjs, the same order lint enforces). `npm run graph:server`; `--json` prints the data instead.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYERS, layerOf, allowed } from '../eslint-rules/server-layers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(root, 'lib', 'server');
const EXTS = ['.ts', '.tsx', '.mts', '.mjs'];

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations' && entry.name !== 'node_modules') yield* walk(full);
    } else if (EXTS.some((e) => entry.name.endsWith(e)) && !/\.test\.[cm]?tsx?$/.test(entry.name)) yield full;
  }
}

// `import … from 'x'`, `import 'x'`, `export … from 'x'`, `import('x')`; comments are stripped first.
const SPEC =
  /(?:\bimport\s*(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s*)?|\bexport\s*(?:type\s+)?[\w*{}\s,$]+?\s+from\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g;
const stripComments = (s) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The lib/server folder a file belongs to: its first path segment under lib/server, or `(root)`. */
function folderOf(file) {
  const rel = path.relative(SERVER, file).split(path.sep);
  return rel.length === 1 ? '(root)' : rel[0];
}

function resolve(spec, from) {
  let abs;
  if (spec.startsWith('@/')) abs = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) abs = path.resolve(path.dirname(from), spec);
  else return null;
  const rel = path.relative(SERVER, abs);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return abs;
}

export function graph() {
  const edges = new Map(); // "a b" → count
  const files = new Map(); // "a b" → Set of importing files
  for (const file of walk(SERVER)) {
    const from = folderOf(file);
    const text = stripComments(fs.readFileSync(file, 'utf8'));
    for (const m of text.matchAll(SPEC)) {
      const abs = resolve(m[1], file);
      if (!abs) continue;
      const to = folderOf(abs);
      if (to === from) continue;
      const key = `${from} ${to}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
      if (!files.has(key)) files.set(key, new Set());
      files.get(key).add(path.relative(root, file));
    }
  }
  return { edges, files };
}

/** Strongly connected components with more than one folder (Tarjan), each sorted. */
export function cycles(edges) {
  const adj = new Map();
  for (const key of edges.keys()) {
    const [a, b] = key.split(' ');
    if (!adj.has(a)) adj.set(a, []);
    if (!adj.has(b)) adj.set(b, []);
    adj.get(a).push(b);
  }
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of adj.get(v)) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of [...adj.keys()].sort()) if (!idx.has(v)) strong(v);
  return out;
}

function main() {
  const { edges, files } = graph();
  const sorted = [...edges.entries()].sort(([a], [b]) => a.localeCompare(b));
  const comps = cycles(edges);
  const pairs = sorted.filter(([k]) => {
    const [a, b] = k.split(' ');
    return edges.has(`${b} ${a}`) && a < b;
  });
  const backward = sorted.filter(([k]) => {
    const [a, b] = k.split(' ');
    return !allowed(a, b);
  });
  if (process.argv.includes('--json')) {
    process.stdout.write(
      JSON.stringify({ edges: Object.fromEntries(sorted), cycles: comps, backward: backward.map(([k]) => k) }, null, 2) + '\n',
    );
    return;
  }
  const lines = [];
  lines.push('layers, bottom → top (a folder imports only folders of lower layers):');
  LAYERS.forEach((l, i) => lines.push(`  ${String(i).padStart(2)}  ${Array.isArray(l) ? l.join(', ') : l}`));
  lines.push('');
  lines.push(`edges (${sorted.length}; folder → folder imports, in layer order):`);
  const byFrom = new Map();
  for (const [k, n] of sorted) {
    const [a, b] = k.split(' ');
    if (!byFrom.has(a)) byFrom.set(a, []);
    byFrom.get(a).push([b, n]);
  }
  const rank = (f) => (layerOf(f) < 0 ? Infinity : layerOf(f));
  const froms = [...byFrom.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  for (const a of froms) {
    const targets = byFrom
      .get(a)
      .sort(([x], [y]) => rank(x) - rank(y) || x.localeCompare(y))
      .map(([b, n]) => `${b} ${n}`);
    let line = `  ${a.padEnd(11)} →`;
    for (const [i, t] of targets.entries()) {
      const piece = ` ${t}${i < targets.length - 1 ? ',' : ''}`;
      if (line.length + piece.length > 110) {
        lines.push(line);
        line = ' '.repeat(15);
      }
      line += piece;
    }
    lines.push(line);
  }
  lines.push('');
  lines.push(`two-way pairs: ${pairs.length}${pairs.length ? ' — ' + pairs.map(([k]) => k.replace(' ', ' ↔ ')).join(', ') : ''}`);
  lines.push(`cycles (strongly connected folder groups): ${comps.length}`);
  for (const c of comps) lines.push(`  {${c.join(' ')}}`);
  lines.push(`backward edges (against the layer order): ${backward.length}`);
  for (const [k, n] of backward) {
    lines.push(`  ${k.replace(' ', ' → ')} (${n}): ${[...files.get(k)].join(' ')}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
  if (process.argv.includes('--check') && (comps.length || backward.length)) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
