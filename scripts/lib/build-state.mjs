// Decides whether `next build` must run: no build yet, or the sources' content differs from what the last build
// was made of. Content, not mtimes: `npm install` rewrites package-lock.json (and a checkout touches every file)
// without changing anything the build reads (docs/operations.md "Build check").
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
// Tests sit beside the code but never reach the build.
const NOT_BUILT = /\.test\.tsx?$/;
const HASH_FILE = path.join('.next', 'source-hash');

function collect(root, entry, files) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    if (!NOT_BUILT.test(entry)) files.push(entry);
    return;
  }
  for (const child of fs.readdirSync(full)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    collect(root, path.join(entry, child), files);
  }
}

/** SHA-256 over every source file's path and content, in a fixed order. */
export function sourceHash(root = process.cwd()) {
  const files = [];
  for (const s of SOURCES) collect(root, s, files);
  const hash = crypto.createHash('sha256');
  for (const file of files.sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** `needed` when there is no build or it was made from other sources; `hash` is what recordBuild stores after. */
export function buildState(root = process.cwd()) {
  const hash = sourceHash(root);
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) return { needed: true, hash };
  const file = path.join(root, HASH_FILE);
  const built = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  return { needed: built !== hash, hash };
}

export function needsBuild(root = process.cwd()) {
  return buildState(root).needed;
}

/** Called after a successful `next build` with the hash taken before it, so an edit made during the build counts. */
export function recordBuild(hash, root = process.cwd()) {
  fs.writeFileSync(path.join(root, HASH_FILE), `${hash}\n`);
}
