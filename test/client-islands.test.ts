import fs from 'node:fs';
import path from 'node:path';

// A part rendered in the browser only is a clientIsland (components/ui/client-island.tsx), not next/dynamic with
// `ssr: false`: that one's Suspense boundary made React hold the part back for its 300 ms reveal throttle after its
// code had come (the reader's settings panel: 373 ms after the tap; docs/architecture.md "What a tap runs").
const ROOT = path.resolve(__dirname, '..');
const SOURCE_DIRS = ['app', 'components', 'lib/client'];
const SSR_FALSE = /dynamic\s*\([\s\S]*?ssr\s*:\s*false/;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('browser-only parts', () => {
  const files = SOURCE_DIRS.flatMap((d) => walk(path.join(ROOT, d)));

  it('finds the source files it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.endsWith(path.join('components', 'ui', 'client-island.tsx')))).toBe(true);
  });

  it('are islands: no next/dynamic with ssr: false', () => {
    const offenders = files
      .filter((f) => {
        const source = fs.readFileSync(f, 'utf8');
        return source.includes('next/dynamic') && SSR_FALSE.test(source);
      })
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it('the check sees the form it forbids', () => {
    expect(SSR_FALSE.test("const Sheet = dynamic(() => import('./sheet'), { ssr: false });")).toBe(true);
    expect(SSR_FALSE.test("const Paywall = dynamic(() => import('./paywall').then((m) => m.Paywall));")).toBe(false);
  });
});
