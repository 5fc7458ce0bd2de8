import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The build check of npm start / npm test / npm run bench (docs/operations.md "Build check"), on a scratch tree.
type BuildStateModule = typeof import('../scripts/lib/build-state.mjs');

describe('build check by content', () => {
  let root: string;
  let m: BuildStateModule;

  beforeAll(async () => {
    m = await import('../scripts/lib/build-state.mjs');
  });

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-build-'));
    fs.mkdirSync(path.join(root, 'app'));
    fs.writeFileSync(path.join(root, 'app', 'page.tsx'), 'export default function Page() { return null; }\n');
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion": 3}\n');
    // A finished build: next writes BUILD_ID, our scripts then record the hash taken before building.
    fs.mkdirSync(path.join(root, '.next'));
    fs.writeFileSync(path.join(root, '.next', 'BUILD_ID'), 'x');
    m.recordBuild(m.buildState(root).hash, root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const touch = (file: string) => {
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, file), later, later);
  };

  it('a fresh build with its hash needs no rebuild', () => {
    expect(m.needsBuild(root)).toBe(false);
  });

  it('touching the lockfile or a source without changing it (npm install, a checkout) needs no rebuild', () => {
    touch('package-lock.json');
    fs.writeFileSync(path.join(root, 'app', 'page.tsx'), fs.readFileSync(path.join(root, 'app', 'page.tsx')));
    touch('app/page.tsx');
    expect(m.needsBuild(root)).toBe(false);
  });

  it('changed content, a new file or a changed lockfile needs a rebuild', () => {
    fs.appendFileSync(path.join(root, 'app', 'page.tsx'), '// edited\n');
    expect(m.needsBuild(root)).toBe(true);
    m.recordBuild(m.buildState(root).hash, root);
    fs.writeFileSync(path.join(root, 'app', 'layout.tsx'), 'export {};\n');
    expect(m.needsBuild(root)).toBe(true);
    m.recordBuild(m.buildState(root).hash, root);
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {}}\n');
    expect(m.needsBuild(root)).toBe(true);
  });

  it('a test file beside the code does not reach the build', () => {
    fs.writeFileSync(path.join(root, 'app', 'page.test.tsx'), 'it("x", () => {});\n');
    expect(m.needsBuild(root)).toBe(false);
  });

  it('no build, or a build without a recorded hash, needs a build', () => {
    fs.rmSync(path.join(root, '.next', 'source-hash'));
    expect(m.needsBuild(root)).toBe(true);
    fs.rmSync(path.join(root, '.next'), { recursive: true });
    expect(m.needsBuild(root)).toBe(true);
  });
});
