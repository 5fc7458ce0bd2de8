import fs from 'node:fs';
import path from 'node:path';

// zod is about 67 KB gzipped: a browser module that reaches it puts it into a page's first-load JavaScript (the
// sign-in page once carried it, docs/operations.md "First-load JavaScript"). Browser code validates with
// hand-written checks (lib/shared/schemas/phone-code.ts); the zod schemas stay on the server.
const ROOT = path.resolve(__dirname, '..');
const SOURCE_DIRS = ['app', 'components', 'lib/client'];
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/g;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/')
    ? path.join(ROOT, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
  );
}

/** The chain of imports from `file` to zod, or undefined. Type-only imports are erased from bundles. */
function pathToZod(file: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const match of source.matchAll(IMPORT)) {
    if (/^(?:import|export)\s+type\s/.test(match[0])) continue;
    const spec = match[1]!;
    if (spec === 'zod' || spec.startsWith('zod/')) return [path.relative(ROOT, file), spec];
    const next = resolve(file, spec);
    const chain = next && pathToZod(next, seen);
    if (chain) return [path.relative(ROOT, file), ...chain];
  }
  return undefined;
}

describe('browser modules', () => {
  const clientFiles = SOURCE_DIRS.flatMap((d) => walk(path.join(ROOT, d))).filter((f) =>
    /^\s*['"]use client['"]/.test(fs.readFileSync(f, 'utf8')),
  );

  it('are found', () => {
    expect(clientFiles.map((f) => path.relative(ROOT, f))).toEqual(
      expect.arrayContaining(['app/m/(browse)/login/_components/login-form.tsx', 'components/account/use-sms-code.ts']),
    );
  });

  it('never import zod, directly or through shared code', () => {
    const offenders = clientFiles
      .map((f) => pathToZod(f))
      .filter(Boolean)
      .map((chain) => chain!.join(' → '));
    expect(offenders).toEqual([]);
  });
});
