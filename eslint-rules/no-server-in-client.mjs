// A 'use client' module never imports lib/server (imports point one way: docs/development.md "Layout and import
// direction"). A glob cannot tell a client component from a server one in components/ or app/, so this rule reads
// the directive itself. Both `@/lib/server…` and relative paths that land in lib/server are caught, type-only
// imports too (DTO types belong in lib/shared).
import path from 'node:path';

const SERVER_DIR = path.join('lib', 'server');

function isClientModule(program) {
  for (const node of program.body) {
    if (node.type !== 'ExpressionStatement' || typeof node.directive !== 'string') return false;
    if (node.directive === 'use client') return true;
  }
  return false;
}

/** The import's target relative to the project root, or null for a package. */
function target(source, filename, root) {
  if (source.startsWith('@/')) return path.normalize(source.slice(2));
  if (source.startsWith('.')) return path.relative(root, path.resolve(path.dirname(filename), source));
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "forbid imports of lib/server from 'use client' modules" },
    schema: [],
    messages: {
      server: "A 'use client' module must not import lib/server ({{source}}): move what it needs to lib/shared or pass it in as props.",
    },
  },
  create(context) {
    let client = false;
    const root = context.cwd;
    function check(node, source) {
      if (!client || typeof source !== 'string') return;
      const to = target(source, context.filename, root);
      if (to && (to === SERVER_DIR || to.startsWith(SERVER_DIR + path.sep)))
        context.report({ node, messageId: 'server', data: { source } });
    }
    return {
      Program(node) {
        client = isClientModule(node);
      },
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default rule;
