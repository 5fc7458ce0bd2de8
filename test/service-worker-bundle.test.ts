import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * public/sw.js is committed, bundled from lib/sw/*.ts (docs/offline.md "The service worker"): every way of serving
 * the app gets it with no build step to remember. This fails when an edit to the sources (or a new serwist or
 * esbuild) was not bundled again.
 */
const root = path.join(__dirname, '..');
const check = (out?: string) =>
  execFileSync(process.execPath, ['scripts/build-sw.mjs', '--check', ...(out ? ['--out', out] : [])], {
    cwd: root,
    encoding: 'utf8',
    stdio: 'pipe',
  });

describe('the service worker bundle', () => {
  it('public/sw.js is what lib/sw/*.ts bundles to', () => {
    expect(check()).toContain('up to date');
  });

  it('a bundle that differs from the sources is reported stale', () => {
    const stale = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sw-')), 'sw.js');
    fs.writeFileSync(stale, fs.readFileSync(path.join(root, 'public', 'sw.js'), 'utf8').replace('shusheng-static', 'shusheng-static-old'));
    expect(() => check(stale)).toThrow(/is stale/);
  });
});
