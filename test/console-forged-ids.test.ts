// Forged ids in the console's forms (issue 18 review): every /admin/actions route added for the operations console is
// posted, by a signed-in admin, each operation its schemas name with ids that do not exist, are out of range or are
// not numbers. The answer must be the console's redirect with a flash — never a 500, never the serverBusy flash that
// an unexpected error becomes (docs/console.md "Pages").
import fs from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { getDb } from '@/lib/server/db/client';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { MSG } from '@/lib/shared/messages';

process.env.LOG_LEVEL = 'error';
useTestDatabase();

const ROUTES = [
  'config',
  'content-edit',
  'import-draft',
  'ledger-audit',
  'listening',
  'member-sessions',
  'orders',
  'selling/coupons',
  'selling/gifts',
  'selling/products',
  'selling/promotions',
  'staff-totp',
  'storefront/booklists',
  'storefront/carousels',
  'storefront/hotwords',
  'storefront/layouts',
  'storefront/lists',
];

// The `op` values a schema file accepts: `op: z.literal('…')` or `op: z.enum([…])`.
const SCHEMAS = path.join(__dirname, '../lib/shared/schemas');
function opsOf(source: string): string[] {
  const literals = [...source.matchAll(/op: z\.literal\('([a-z_]+)'\)/g)].map((m) => m[1]!);
  const enums = [...source.matchAll(/op: z\.enum\(\[([^\]]*)\]/g)].flatMap((m) => [...m[1]!.matchAll(/'([a-z_]+)'/g)].map((v) => v[1]!));
  return [...literals, ...enums];
}
const ALL_OPS = [...new Set(fs.readdirSync(SCHEMAS).flatMap((f) => opsOf(fs.readFileSync(path.join(SCHEMAS, f), 'utf8'))))];
/** The ops of the schema files a route imports: those it acts on, so each is posted with every forged id. */
function ownOps(route: string): string[] {
  const source = fs.readFileSync(path.join(__dirname, `../app/admin/actions/${route}/route.ts`), 'utf8');
  const files = [...source.matchAll(/from '@\/lib\/shared\/schemas\/([a-z-]+)'/g)].map((m) => path.join(SCHEMAS, `${m[1]}.ts`));
  return [...new Set(files.flatMap((f) => opsOf(fs.readFileSync(f, 'utf8'))))];
}
const IDS = ['999999999', '2147483647', '0', '-1', 'abc', '1e3', ''];
const ID_FIELDS = ['id', 'novel_id', 'chapter_id', 'member_id', 'order_id', 'item_id', 'list_id', 'product_id', 'session_id', 'draft_id'];

let token = '';
let seq = 0;
beforeAll(async () => {
  await createStaffFromCommand(getDb(), { username: 'forge_admin', role: 'admin', password: 'forge_admin-password' });
  token = (await staffSignIn({ username: 'forge_admin', password: 'forge_admin-password', ip: '10.77.0.1' })).session.token;
});

// A route's own ops with every forged id; another schema's ops once each (its schema refuses them before any id is read).
it.each(ROUTES)('/admin/actions/%s: forged ids answer a flash, never a 500', async (route) => {
  const { POST } = (await import(`@/app/admin/actions/${route}/route`)) as { POST: (req: NextRequest) => Promise<Response> };
  const own = ownOps(route);
  expect(own.length).toBeGreaterThan(0);
  const cases = [
    ...own.flatMap((op) => IDS.map((id) => [op, id] as const)),
    ...ALL_OPS.filter((op) => !own.includes(op)).map((op) => [op, IDS[0]!] as const),
  ];
  for (const [op, id] of cases) {
    const fields: Record<string, string> = { op, back: '/admin', reason: '测试', name: 'x', title: 'x', value: '1', key: 'wxshare' };
    for (const f of ID_FIELDS) fields[f] = id;
    const res = await POST(
      new NextRequest(`http://localhost/admin/actions/${route}`, {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          cookie: `staff_token=${token}`,
          ...peerHeaders(`10.78.${Math.floor(++seq / 250)}.${seq % 250}`),
        },
      }),
    );
    const where = `${route} op=${op} id=${id}`;
    expect([where, res.status]).toEqual([where, 303]);
    const err = new URL(res.headers.get('location')!).searchParams.get('err');
    expect([where, err]).not.toEqual([where, MSG.serverBusy]);
  }
});
