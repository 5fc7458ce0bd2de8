import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The import direction (docs/development.md "Layout and import direction", the layer order of lib/server's domains
// included), the one owner of business time (docs/development.md "Business time"), server code without double casts
// (docs/development.md "Types without casts") and the one home for client data (docs/development.md "One home for
// client data") as eslint.config.mjs encodes them: each case lints a snippet as if it lived
// at `file` and lists the boundary rules that fire (line:rule). ESLint runs in a child process, once for all cases:
// its ESM config does not load inside Jest's module system.
const root = path.resolve(__dirname, '..');
const cases: { file: string; code: string }[] = [];
let answers: string[][] = [];

const LINT = `
const { ESLint } = require('eslint');
const path = require('node:path');
const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const eslint = new ESLint({ cwd: process.cwd() });
(async () => {
  const out = [];
  for (const c of cases) {
    const [r] = await eslint.lintText(c.code, { filePath: path.join(process.cwd(), c.file) });
    out.push(r.messages.filter((m) => ['no-restricted-imports', 'local/no-server-in-client', 'local/server-layers', 'no-restricted-syntax'].includes(m.ruleId)).map((m) => m.line + ':' + m.ruleId));
  }
  process.stdout.write(JSON.stringify(out));
})();
`;

/** Registers a case now (all are linted together in beforeAll) and returns a getter for its answer. */
function lint(file: string, code: string): () => string[] {
  const i = cases.push({ file, code }) - 1;
  return () => answers[i]!;
}

beforeAll(() => {
  const child = spawnSync(process.execPath, ['-e', LINT], {
    cwd: root,
    input: JSON.stringify(cases),
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (child.status !== 0) throw new Error(child.stderr);
  answers = JSON.parse(child.stdout);
}, 120_000);

const R = '1:no-restricted-imports';
const sharedAll = lint(
  'lib/shared/x.ts',
  ["import '@/lib/server/a';", "import '../client/b';", "import '../../components/c';", "import '@/app/m/d';", "import './e';"].join('\n'),
);
const dbClient = lint('lib/server/db/schema/x.ts', "import '../client';");
const serverToClient = lint('lib/server/x.ts', "import '../client/api';");
const serverComponent = lint('components/seo/x.tsx', "import { a } from '@/lib/server/catalog/seo';\nexport const b = a;");
const clientComponent = lint(
  'components/seo/x.tsx',
  "'use client';\nimport { a } from '../../lib/server/catalog/seo';\nimport type { T } from '@/lib/server/t';\nexport const b: T = a;",
);
const clientIsland = lint('app/m/x/_components/y.tsx', "'use client';\nimport '@/lib/server/z';");
const apiToComponents = lint('app/v1/x/route.ts', "import '@/components/ui/toaster';");
const componentsToApp = lint('components/ui/x.tsx', "import '../../app/m/layout';");
const swrInComponent = lint('components/ui/x.tsx', "import useSWR from 'swr';\nimport useSWRInfinite from 'swr/infinite';");
const swrInHook = lint('lib/client/swr/use-x.ts', "import useSWR from 'swr';");
const swrInTest = lint('components/ui/x.test.tsx', "import { SWRConfig } from 'swr';");
const zoneName = lint('lib/server/x.ts', "export const zone = 'Asia/Shanghai';");
const zoneInSql = lint('lib/server/x.ts', "export const day = (c: string) => `(${c} at time zone 'Asia/Shanghai')::date`;");
const zoneInClient = lint('components/ui/x.tsx', "export const f = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' });");
const tzPlugin = lint('lib/server/x.ts', "import timezone from 'dayjs/plugin/timezone';\nexport const tz = timezone;");
const zoneInOwner = lint('lib/shared/business-time.ts', "export const BUSINESS_TIMEZONE = 'Asia/Shanghai';");
const zoneInTitle = lint('test/x.test.ts', "it('counts the day in Asia/Shanghai', () => {});");
const L = '1:local/server-layers';
const walletToStaff = lint('lib/server/wallet/x.ts', "import { orderTotals } from '../staff/orders';\nexport const f = orderTotals;");
const dbToWallet = lint('lib/server/db/schema/x.ts', "import '@/lib/server/wallet/spend';");
const peerToPeer = lint('lib/server/activity/x.ts', "import '../sharing/share-metadata';");
const looseToDomain = lint('lib/server/x.ts', "import './jobs/job-runs';");
const newFolder = lint('lib/server/newdomain/x.ts', "import '../wallet/spend';");
const staffToWallet = lint(
  'lib/server/staff/x.ts',
  "import { spend } from '../wallet/spend';\nimport { ApiError } from '@/lib/server/core/errors';\nimport { log } from '../logger';\nexport const f = [spend, ApiError, log];",
);
const bootToAll = lint('lib/server/boot/seed/x.ts', "import '../../staff/orders';\nimport '@/lib/server/wallet/spend';");
const backwardInTest = lint('lib/server/wallet/x.test.ts', "import '../staff/orders';");
const S = '1:no-restricted-syntax';
const doubleCast = lint('lib/server/x.ts', 'export const n = (x: string) => x as unknown as number;');
const plainCasts = lint('lib/server/x.ts', "export const a = (x: unknown) => x as string;\nexport const b = 'x' as unknown;");
const doubleCastInTest = lint('lib/server/x.test.ts', "it('mocks', () => { const f = jest.fn() as unknown as typeof fetch; void f; });");
const doubleCastInClient = lint('components/ui/x.tsx', 'export const n = (x: string) => x as unknown as number;');
const v1InComponent = lint('components/ui/x.tsx', "'use client';\nexport const path = '/v1/my/settings';");
const v1TemplateInIsland = lint('app/m/x/_components/y.tsx', "'use client';\nexport const path = (id: number) => `/v1/novels/${id}/buy`;");
const v1InServerPage = lint('app/m/x/page.tsx', "export const path = '/v1/novels/library';");
const v1InLibClient = lint(
  'lib/client/actions/x.ts',
  "export const path = (id: number) => `/v1/novels/${id}/buy`;\nexport const p = '/v1/my/settings';",
);
const v1InRoutes = lint('app/v1/x/route.ts', "export const next = '/v1/x/y';");
const v1InRouteHandler = lint('app/robots.txt/route.ts', "export const rule = 'Disallow: /v1/';");
const v1InTest = lint('components/ui/x.test.tsx', "it('posts', () => { const route = 'POST /v1/my/settings'; void route; });");
const v1InComment = lint('components/ui/x.tsx', '/** GET /v1/games, through useSlotGames. */\nexport const a = 1;');
const v1AndZone = lint('components/ui/x.tsx', "export const p = '/v1/x';\nexport const z = 'Asia/Shanghai';");
const fetcherInComponent = lint(
  'components/ui/x.tsx',
  [
    "import { api, ApiClientError } from '@/lib/client/api';",
    "import { createSignature } from '@/lib/client/signature';",
    "import { quietFetcher } from '@/lib/client/swr/quiet-fetcher';",
    'export const a = [api, ApiClientError, createSignature, quietFetcher];',
  ].join('\n'),
);
const errorClassInComponent = lint(
  'app/m/x/_components/y.tsx',
  "'use client';\nimport { ApiClientError } from '@/lib/client/api';\nexport const e = ApiClientError;",
);
const fetcherInLibClient = lint('lib/client/actions/x.ts', "import { api } from '../api';\nexport const a = api;");
const fetcherInTest = lint('components/ui/x.test.tsx', "import { api } from '@/lib/client/api';\nvoid api;");

describe('import boundaries', () => {
  it('keeps lib/shared free of every other layer, by alias and by relative path', () => {
    expect(sharedAll()).toEqual([
      '1:no-restricted-imports',
      '2:no-restricted-imports',
      '3:no-restricted-imports',
      '4:no-restricted-imports',
    ]);
  });

  it('judges a relative path by where it lands: ../client inside lib/server/db is the database client', () => {
    expect(dbClient()).toEqual([]);
    expect(serverToClient()).toEqual([R]);
  });

  it('lets server components import lib/server but not client modules, type imports included', () => {
    expect(serverComponent()).toEqual([]);
    expect(clientComponent()).toEqual(['2:local/no-server-in-client', '3:local/no-server-in-client']);
    expect(clientIsland()).toEqual(['2:local/no-server-in-client']);
  });

  it('keeps app/v1 off components and components off app', () => {
    expect(apiToComponents()).toEqual([R]);
    expect(componentsToApp()).toEqual([R]);
  });

  it('allows SWR only in lib/client/swr (and in tests)', () => {
    expect(swrInComponent()).toEqual([R, '2:no-restricted-imports']);
    expect(swrInHook()).toEqual([]);
    expect(swrInTest()).toEqual([]);
  });
});

describe('server layers', () => {
  it('refuses an import against the layer order of eslint-rules/server-layers.mjs, by relative path and by alias', () => {
    expect(walletToStaff()).toEqual([L]);
    expect(dbToWallet()).toEqual([L]);
    expect(looseToDomain()).toEqual([L]);
  });

  it('keeps the peers of one layer apart and asks a new folder to take its place in the order', () => {
    expect(peerToPeer()).toEqual([L]);
    expect(newFolder()).toEqual([L]);
  });

  it('lets a domain import lower layers (wallet, core, the loose files) and the composition root import any', () => {
    expect(staffToWallet()).toEqual([]);
    expect(bootToAll()).toEqual([]);
  });

  it('leaves tests alone', () => {
    expect(backwardInTest()).toEqual([]);
  });
});

describe('business time', () => {
  it('names the zone and loads a time-zone plugin only in lib/shared/business-time.ts', () => {
    expect(zoneName()).toEqual([S]);
    expect(zoneInSql()).toEqual([S]);
    expect(zoneInClient()).toEqual([S]);
    expect(tzPlugin()).toEqual([S]);
    expect(zoneInOwner()).toEqual([]);
  });

  it('leaves prose that merely mentions the zone alone', () => {
    expect(zoneInTitle()).toEqual([]);
  });
});

describe('types without casts', () => {
  it('refuses `as unknown as` in lib/server (docs/development.md "Types without casts")', () => {
    expect(doubleCast()).toEqual([S]);
  });

  it('leaves single casts, tests and other layers alone', () => {
    expect(plainCasts()).toEqual([]);
    expect(doubleCastInTest()).toEqual([]);
    expect(doubleCastInClient()).toEqual([]);
  });
});

describe('one home for client data', () => {
  it('refuses a /v1 path in a component, a client island or a page, as a string or a template', () => {
    expect(v1InComponent()).toEqual(['2:no-restricted-syntax']);
    expect(v1TemplateInIsland()).toEqual(['2:no-restricted-syntax']);
    expect(v1InServerPage()).toEqual([S]);
  });

  it('lets lib/client, route handlers and tests name /v1 paths, and leaves comments alone', () => {
    expect(v1InLibClient()).toEqual([]);
    expect(v1InRoutes()).toEqual([]);
    expect(v1InRouteHandler()).toEqual([]);
    expect(v1InTest()).toEqual([]);
    expect(v1InComment()).toEqual([]);
  });

  it('keeps the business-time selectors in the same list', () => {
    expect(v1AndZone()).toEqual([S, '2:no-restricted-syntax']);
  });

  it('keeps the fetcher and the signature inside lib/client; ApiClientError stays importable', () => {
    expect(fetcherInComponent()).toEqual([R, '2:no-restricted-imports', '3:no-restricted-imports']);
    expect(errorClassInComponent()).toEqual([]);
    expect(fetcherInLibClient()).toEqual([]);
    expect(fetcherInTest()).toEqual([]);
  });
});
