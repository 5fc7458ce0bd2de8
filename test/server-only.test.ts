import fs from 'node:fs';
import path from 'node:path';

// Every module of lib/server and lib/tts starts with `import 'server-only';`, so a browser bundle that reaches one fails
// the build. The exceptions are modules loaded where `server-only` throws — plain Node outside Next's server bundles
// and without the react-server condition — and they may then import nothing that carries it
// (docs/development.md "Server-only modules").
const ROOT = path.resolve(__dirname, '..');
const CODE = /\.(?:[cm]?[jt]sx?)$/;
const FIRST_LINE = "import 'server-only';";

/** The documented exceptions, each with the reason it cannot carry the import. */
const EXCEPTIONS: [RegExp, string][] = [
  [/^lib\/server\/db\/schema\/[\w-]+\.ts$/, 'drizzle-kit loads the schema in plain Node (npm run db:generate)'],
  [/^lib\/server\/http\/security-headers\.ts$/, 'next.config.ts imports it'],
  [/^lib\/server\/content\/import\/[\w-]+\.mjs$/, "the import's child process (parse-worker.mjs) runs these in plain Node"],
  [/^lib\/tts\/espeak-worker\.mjs$/, 'a worker thread runs it in plain Node'],
  [/^lib\/tts\/sherpa\/sherpa-worker\.mjs$/, 'a child process runs it in plain Node'],
  [/^lib\/tts\/ffmpeg-path\.mjs$/, 'npm start, npm test (scripts/lib/ffmpeg.mjs) and the benches load it in plain Node'],
  [/\.d\.mts$/, 'a declaration file holds no code'],
];

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : walk(full);
    return CODE.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.relative(ROOT, full).split(path.sep).join('/')] : [];
  });
}

const files = ['lib/server', 'lib/tts'].flatMap((d) => walk(path.join(ROOT, d)));
const exception = (file: string) => EXCEPTIONS.find(([re]) => re.test(file));
const source = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** What a module imports at run time (type-only imports are erased). */
function runtimeImports(file: string): string[] {
  const text = source(file).replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

describe("import 'server-only'", () => {
  it('finds the server modules', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it('starts every server module but the documented exceptions', () => {
    const missing = files.filter((f) => !exception(f) && source(f).split('\n')[0]!.trim() !== FIRST_LINE);
    expect(missing).toEqual([]);
  });

  it('keeps the exceptions free of it, directly or through lib/server and lib/tts', () => {
    const offenders = files.filter(exception).flatMap((f) =>
      runtimeImports(f)
        .filter((spec) => {
          if (spec === 'server-only') return true;
          const target = spec.startsWith('@/')
            ? spec.slice(2)
            : spec.startsWith('.')
              ? path.posix.normalize(path.posix.join(path.posix.dirname(f), spec))
              : undefined;
          if (!target || !/^lib\/(?:server|tts)\//.test(target)) return false;
          const resolved = [target, `${target}.ts`, `${target}/index.ts`].find((t) => files.includes(t));
          return !resolved || !exception(resolved);
        })
        .map((spec) => `${f} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lists only exceptions that still match a file', () => {
    expect(EXCEPTIONS.filter(([re]) => !files.some((f) => re.test(f))).map(([re]) => String(re))).toEqual([]);
  });
});
