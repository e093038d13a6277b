// ESLint rule `gardener/wings`: the two wings' boundaries (docs/ARCHITECTURE.md).
// - The core (src/core/<package>) imports no door and no CLI.
// - From outside a core package, only its index.ts is imported (or its constants.ts: a light face of
//   constants and types for short processes, where loading the whole package would cost).
// - A door (src/doors/<door>) imports no other door but the kit; the kit imports no door.
// It resolves relative specifiers itself (a `.js` specifier names a `.ts`/`.tsx` source), which is
// why it is a local rule: the import plugins' path zones need a TypeScript resolver to see that.
import path from 'node:path';

const CORE = /^src\/core\/([^/]+)\//;
const DOOR = /^src\/doors\/([^/]+)\//;

function zoneOf(file) {
  let m = CORE.exec(file);
  if (m) return { wing: 'core', name: m[1] };
  m = DOOR.exec(file);
  if (m) return { wing: 'door', name: m[1] };
  if (file.startsWith('src/cli/')) return { wing: 'cli', name: 'cli' };
  return { wing: 'root', name: file };
}

function problem(from, to, target) {
  if (from.wing === to.wing && from.name === to.name) return undefined;
  if (from.wing === 'core' && (to.wing === 'door' || to.wing === 'cli'))
    return `the core imports no door: ${target}`;
  if (to.wing === 'core' && !/^src\/core\/[^/]+\/(index|constants)\.(js|ts|tsx)$/.test(target))
    return `import src/core/${to.name} through its index.ts (or its constants.ts), not ${target}`;
  if (from.wing === 'door' && to.wing === 'door' && to.name !== 'kit')
    return `a door imports no other door but the kit: ${target}`;
  if (from.wing === 'door' && to.wing === 'cli') return `a door does not import the CLI: ${target}`;
  return undefined;
}

export const wings = {
  meta: { type: 'problem', schema: [], messages: { crossing: '{{what}}' } },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    if (!file.startsWith('src/')) return {};
    const from = zoneOf(file);
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source.value));
      const what = problem(from, zoneOf(target), target);
      if (what) context.report({ node: source, messageId: 'crossing', data: { what } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { wings } };
