import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describePgliteOnly } from './pglite-only';

// `npm run db:seed -- --reset` as a newcomer runs it (docs/operations.md "Seeding"), on a temporary PGlite directory.
function seed(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts', ...args], {
      cwd: path.resolve(__dirname, '..'),
      env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describePgliteOnly('db:seed script', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-seed-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('--reset drops and rebuilds the catalogue on PGlite', async () => {
    const { code, out } = await seed(['--reset'], { DATA_DIR: dir });
    expect(out).toContain('seed: done');
    expect(code).toBe(0);
  }, 300_000);

  it('a failure prints the database error behind "Failed query", not only the query', async () => {
    const { code, out } = await seed([], {
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://root@127.0.0.1:1/nowhere',
      DB_CONNECT_TIMEOUT_MS: '2000',
    });
    expect(code).toBe(1);
    expect(out).toMatch(/caused by: .*ECONNREFUSED/);
  }, 60_000);
});
