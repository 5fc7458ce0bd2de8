// The domains of lib/server depend one way (docs/development.md "Layout and import direction"). LAYERS lists the
// folders of lib/server from the bottom up; a module may import a folder of a lower layer, never one of its own layer
// (a group of peers in one entry stays independent) or a higher one. `(root)` is the loose files directly under
// lib/server (env, logger, messages, secret), which everything may use. A new folder must be placed here before
// anything imports it or it imports anything. scripts/server-graph.mjs prints the graph against the same list.
import path from 'node:path';

export const LAYERS = [
  '(root)',
  'db',
  'core',
  'jobs',
  'config',
  ['abuse', 'experiments', 'ops', 'wechat'],
  'minors',
  'catalog',
  'wallet',
  'moderation',
  'social',
  ['activity', 'sharing'],
  'games',
  'accounts',
  'members',
  'http',
  'audio',
  'content',
  ['ads', 'offline', 'reading'],
  'staff',
  'boot',
];

/**
 * Edges that go against LAYERS on purpose, each with its reason: "from → to" (folders). Empty: none is needed today.
 * @type {Record<string, string>}
 */
export const ALLOWED_BACKWARD = {};

/** The layer index of a lib/server folder, or -1 for a folder LAYERS does not name. */
export function layerOf(folder) {
  return LAYERS.findIndex((l) => (Array.isArray(l) ? l.includes(folder) : l === folder));
}

/** Whether a module in folder `from` may import folder `to` (both lib/server folders, `(root)` for loose files). */
export function allowed(from, to) {
  if (from === to) return true;
  if (ALLOWED_BACKWARD[`${from} → ${to}`]) return true;
  const a = layerOf(from);
  const b = layerOf(to);
  return a >= 0 && b >= 0 && b < a;
}

const SERVER = path.join('lib', 'server');

/** The lib/server folder of a project-relative path: its first segment under lib/server, `(root)`, or null outside. */
function folderOf(rel) {
  if (rel !== SERVER && !rel.startsWith(SERVER + path.sep)) return null;
  const parts = path.relative(SERVER, rel).split(path.sep);
  return parts.length <= 1 ? '(root)' : parts[0];
}

function order() {
  return LAYERS.map((l) => (Array.isArray(l) ? `{${l.join(', ')}}` : l)).join(' < ');
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'keep imports between the domain folders of lib/server one way (eslint-rules/server-layers.mjs)' },
    schema: [],
    messages: {
      backward:
        'lib/server/{{from}} must not import lib/server/{{to}} ({{source}}): domains import only lower layers ({{order}}). Move the shared piece down (lib/server/core) or the caller up; see docs/development.md "Layout and import direction".',
      unknown:
        'lib/server/{{folder}} has no place in the layer order of eslint-rules/server-layers.mjs: add it to LAYERS (docs/development.md "Layout and import direction").',
    },
  },
  create(context) {
    const root = context.cwd;
    const from = folderOf(path.relative(root, context.filename));
    if (!from) return {};
    function check(node, source) {
      if (typeof source !== 'string') return;
      let abs;
      if (source.startsWith('@/')) abs = path.join(root, source.slice(2));
      else if (source.startsWith('.')) abs = path.resolve(path.dirname(context.filename), source);
      else return;
      const to = folderOf(path.relative(root, abs));
      if (!to || to === from) return;
      for (const folder of [from, to]) {
        if (layerOf(folder) < 0) {
          context.report({ node, messageId: 'unknown', data: { folder } });
          return;
        }
      }
      if (!allowed(from, to)) context.report({ node, messageId: 'backward', data: { from, to, source, order: order() } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default rule;
