import { spawn } from 'node:child_process';
import path from 'node:path';
import { describePgliteOnly } from './pglite-only';

// `npm run test:unit` must work from a plain shell: PGlite loads its WASM through dynamic import, which Jest only
// runs with VM modules on, so the script sets the flag itself (docs/operations.md "Tests").
describePgliteOnly('npm run test:unit', () => {
  it('runs a PGlite test without NODE_OPTIONS set by hand', async () => {
    const { NODE_OPTIONS: _ignored, TEST_DATABASE_URL: _pg, ...env } = process.env;
    const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn('npm', ['run', 'test:unit', '--', '--ci', 'app/v1/health/route.test.ts'], {
        cwd: path.resolve(__dirname, '..'),
        env,
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('exit', (c) => resolve({ code: c, out }));
    });
    expect(out).toMatch(/Tests:\s+2 passed/);
    expect(code).toBe(0);
  }, 180_000);
});
