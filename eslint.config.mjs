// ESLint: Next's rules (core web vitals + TypeScript, react-hooks included), the one-way imports
// (docs/development.md "Layout and import direction"), the SWR convention (docs/development.md "Server data in
// the browser: SWR hooks") and the one home for client data (docs/development.md "One home for client data"). `npm run lint` allows no warnings.
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import path from 'node:path';
import noServerInClient from './eslint-rules/no-server-in-client.mjs';
import serverLayers from './eslint-rules/server-layers.mjs';

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

// A project folder, reached through the `@/` alias or by a relative path. Relative paths depend on how deep the
// importing file sits, so each layer's rule is generated per depth (a glob `*` never crosses a `/`): from
// lib/server/db/schema/x.ts `../client` is the database client, from lib/server/x.ts it is lib/client.
const MAX_DEPTH = 8;
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WHY = {
  'lib/server': 'lib/server is server code: only server modules in app, proxy.ts and lib/server import it.',
  'lib/client': 'lib/client is browser code: lib/shared and lib/server never import it.',
  components: 'components are for pages: lib and app/v1 never import them.',
  app: 'app is the top of the graph: nothing outside it imports from it.',
};
function pattern(base, depth, to) {
  const up = '../'.repeat(depth - 1);
  const toRoot = '../'.repeat(depth - 1 + base.split('/').length);
  const shortest = up + path.posix.relative(base, to);
  const ways = [`@/${to}`, shortest, toRoot + to].map(esc);
  return { regex: `^(${[...new Set(ways)].join('|')})(/|$)`, message: WHY[to] };
}

// Business time has one owner (docs/development.md "Business time"): the zone's name and a time-zone plugin anywhere
// else would be a second clock for day and month boundaries.
const BUSINESS_TIME_MODULE = 'lib/shared/business-time.ts';
const BUSINESS_TIME_MESSAGE = `Business time is ${BUSINESS_TIME_MODULE}'s: use its functions (SQL: lib/server/db/business-time-sql.ts), see docs/development.md "Business time".`;
const TZ_PLUGIN = "'dayjs/plugin/timezone'";
const businessTimeRule = [
  'error',
  ...[
    "Literal[value='Asia/Shanghai']",
    'TemplateElement[value.raw=/Asia\\/Shanghai/]',
    `ImportDeclaration[source.value=${TZ_PLUGIN}]`,
    `ImportExpression[source.value=${TZ_PLUGIN}]`,
    `CallExpression[callee.name='require'][arguments.0.value=${TZ_PLUGIN}]`,
  ].map((selector) => ({ selector, message: BUSINESS_TIME_MESSAGE })),
];

// Server code states its types (docs/development.md "Types without casts"): `x as unknown as T` switches the checker
// off, so lib/server does without it — transactions are already `Tx`, raw rows come from rowsOf (lib/server/db/rows.ts).
const DOUBLE_CAST_MESSAGE =
  'No `as unknown as` in lib/server: use rowsOf for raw rows, a schema parse or a correct type; see docs/development.md "Types without casts".';
const doubleCastRule = {
  selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']",
  message: DOUBLE_CAST_MESSAGE,
};

// One home for client data (docs/development.md "One home for client data"): the browser reaches /v1 only through
// lib/client — reads are its SWR hooks, writes its action functions — so no other browser code spells a /v1 path.
// Covered: components/** and app/** (pages and their client islands; a server page that hands a path to a client
// list names it through lib/client too). Not covered, each for a reason: app/v1/** and every route.ts (the API and
// other route handlers mention their own paths: redirects, robots.txt), tests (they mock /v1 answers by path),
// lib/client (the home itself), lib/server and lib/shared (server code; lib/shared only names /v1 in doc comments,
// which the rule does not read), lib/sw (the service worker is its own bundle and cannot load lib/client's fetcher).
// Only string and template literals are read: comments and JSX text (an admin page documenting a URL) stay free.
const V1_MESSAGE =
  'No /v1 paths outside lib/client: read through a hook in lib/client/swr/use-<resource>.ts, write through a function in lib/client/actions/<domain>.ts (docs/development.md "One home for client data").';
const V1_FILES = ['components/**/*.ts', 'components/**/*.tsx', 'app/**/*.ts', 'app/**/*.tsx'];
const V1_IGNORES = ['app/v1/**', '**/route.ts', ...TESTS];
const v1Rule = [
  'error',
  ...['Literal[value=/\\/v1\\//]', 'TemplateElement[value.raw=/\\/v1\\//]'].map((selector) => ({ selector, message: V1_MESSAGE })),
];

// Server data comes through one hook per resource in lib/client/swr (tests may still wrap renders in SWRConfig).
const SWR_MESSAGE = 'Use (or add) a hook in lib/client/swr/use-<resource>.ts instead of calling SWR here.';

// The fetcher itself stays inside lib/client too: pages and components call a hook or an action function, never
// api() with a path of their own, nor a raw fetch with a hand-made signature (docs/development.md "One home for
// client data"). ApiClientError (to tell a refusal from a bug) and the types remain importable.
const FETCHER_MESSAGE =
  'Call a hook (lib/client/swr) or an action function (lib/client/actions) instead of the fetcher; see docs/development.md "One home for client data".';
const FETCHER_PATHS = [
  { name: '@/lib/client/api', importNames: ['api', 'swrFetcher', 'buildUrl', 'requestHeaders'], message: FETCHER_MESSAGE },
  { name: '@/lib/client/signature', message: FETCHER_MESSAGE },
  { name: '@/lib/client/swr/quiet-fetcher', message: FETCHER_MESSAGE },
];

// The reader's pages link through IntentLink (components/ui/intent-link.tsx): prefetched on touch, hover or focus, not
// as they scroll into view, and plain <a> elements that React does not hydrate one by one (docs/architecture.md "What a
// page runs at load"). next/link stays for the tab bar (its four tabs are prefetched as Next does) and the console (a
// laptop's pages, app/admin).
const NEXT_LINK_MESSAGE =
  'Use IntentLink from \'@/components/ui/intent-link\' (prefetched on intent, not in view); see docs/architecture.md "What a page runs at load".';
const NEXT_LINK_ALLOWED = ['app/admin/**', 'components/admin/**'];

/**
 * One layer's import rule, per depth, for its source files (SWR restricted unless allowed; `fetcher` false keeps
 * lib/client's fetcher out) and its tests (both allowed).
 */
function layer(base, forbidden, { ignores = [], swr = false, fetcher = true, nextLink = true } = {}) {
  const configs = [];
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const files = `${base}/${'*/'.repeat(depth - 1)}*`;
    const patterns = forbidden.map((to) => pattern(base, depth, to));
    const rule = (noSwr, noFetcher, linkAllowed = nextLink) => [
      'error',
      {
        paths: [
          ...(noSwr ? [{ name: 'swr', message: SWR_MESSAGE }] : []),
          ...(noFetcher ? FETCHER_PATHS : []),
          ...(linkAllowed ? [] : [{ name: 'next/link', message: NEXT_LINK_MESSAGE }]),
        ],
        patterns: noSwr ? [...patterns, { regex: '^swr/', message: SWR_MESSAGE }] : patterns,
      },
    ];
    configs.push({ files: [files], ignores: [...ignores, ...TESTS], rules: { 'no-restricted-imports': rule(!swr, !fetcher) } });
    if (!nextLink) {
      // The files that may keep next/link get the same rule without it (a nested array: both patterns must match).
      const allowed = NEXT_LINK_ALLOWED.filter((f) => f.startsWith(`${base}/`)).map((f) => [files, f]);
      if (allowed.length)
        configs.push({ files: allowed, ignores: [...ignores, ...TESTS], rules: { 'no-restricted-imports': rule(!swr, !fetcher, true) } });
    }
    configs.push({
      files: TESTS.map((t) => files.slice(0, -1) + t.slice(3)),
      ignores,
      rules: { 'no-restricted-imports': rule(false, false) },
    });
  }
  return configs;
}

const config = [
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'bench/results/**',
      'public/**',
      'coverage/**',
      'lib/server/db/migrations/**',
      '.data*/**',
      'test-results/**',
      'playwright-report/**',
      '.test-results/**',
      'next-env.d.ts',
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    name: 'project',
    plugins: { local: { rules: { 'no-server-in-client': noServerInClient, 'server-layers': serverLayers } } },
    rules: {
      'local/no-server-in-client': 'error',
      // A leading underscore marks a deliberately unused binding (an omitted field, a positional callback argument).
      '@typescript-eslint/no-unused-vars': [
        'warn',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Covers are generated SVGs (/covers/{id}.svg) and avatars come from other hosts: the image optimiser does not
      // serve SVG by default, and next/image would add its client code to every page. Our <img> tags carry width,
      // height, loading and fetchPriority themselves (components/novel/cover.tsx).
      '@next/next/no-img-element': 'off',
      // React Compiler rule. Here effects set state from outside React on purpose: a clock tick (sleep timer), the
      // audio controller's current chapter (listen view), the first catalogue page once a sheet opens, a scroll target
      // reset after the DOM scrolled. The rule's advice (derive during render) does not apply to any of them.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    name: 'business-time',
    ignores: [BUSINESS_TIME_MODULE],
    rules: { 'no-restricted-syntax': businessTimeRule },
  },
  {
    // One no-restricted-syntax per file wins, so this list repeats the business-time selectors.
    name: 'client-data',
    files: V1_FILES,
    ignores: V1_IGNORES,
    rules: { 'no-restricted-syntax': [...businessTimeRule, ...v1Rule.slice(1)] },
  },
  {
    // One no-restricted-syntax per file wins, so lib/server's list repeats the business-time selectors.
    name: 'server-types',
    files: ['lib/server/**/*.ts', 'lib/server/**/*.tsx'],
    ignores: TESTS,
    rules: { 'no-restricted-syntax': [...businessTimeRule, doubleCastRule] },
  },
  {
    // `useTestDatabase` is a Jest helper (it registers beforeAll/afterAll), not a React hook; renaming it would touch
    // every server test file for no gain.
    name: 'tests',
    files: [...TESTS, 'test/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // The domains of lib/server import one way, down the layer order of eslint-rules/server-layers.mjs
    // (docs/development.md "Layout and import direction"); `npm run graph:server` prints the graph. Tests set up
    // fixtures across domains and are left out.
    name: 'server-layers',
    files: ['lib/server/**/*.ts', 'lib/server/**/*.tsx', 'lib/server/**/*.mts', 'lib/server/**/*.mjs'],
    ignores: TESTS,
    rules: { 'local/server-layers': 'error' },
  },
  {
    // Jest 30 wants a CommonJS config file.
    files: ['jest.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // One-way imports (docs/development.md "Layout and import direction"): app → components → lib/client, lib/shared;
  // server code → lib/server → lib/shared.
  // Client modules anywhere are kept off lib/server by local/no-server-in-client.
  ...layer('lib/shared', ['lib/server', 'lib/client', 'components', 'app']),
  ...layer('lib/client', ['lib/server', 'components', 'app'], { ignores: ['lib/client/swr/**'] }),
  ...layer('lib/client/swr', ['lib/server', 'components', 'app'], { swr: true }),
  ...layer('lib/server', ['lib/client', 'components', 'app']),
  ...layer('lib/tts', ['lib/client', 'components', 'app']),
  ...layer('components', ['app'], { fetcher: false, nextLink: false }),
  ...layer('app/v1', ['components']),
  ...layer('app', [], { ignores: ['app/v1/**'], fetcher: false, nextLink: false }),
];

export default config;
