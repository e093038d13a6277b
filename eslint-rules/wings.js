// ESLint rule `gardener/wings`: the two wings' boundaries (docs/ARCHITECTURE.md).
// - The core (src/core/<package>) imports no door and no CLI.
// - From outside a core package, only its index.ts is imported (or its constants.ts: a light face of
//   constants and types for short processes, where loading the whole package would cost).
// - A door (src/doors/<door>) imports no other door but the kit; the kit imports no door.
// - Inside the engine (src/core/garden) a layer imports only the layers below it: view → session →
//   ledger → plan and render (side by side, neither imports the other) → ingest → the files at the
//   package's top (garden.ts wiring, api.ts, open.ts and the faces), which no layer imports.
// It resolves relative specifiers itself (a `.js` specifier names a `.ts`/`.tsx` source), which is
// why it is a local rule: the import plugins' path zones need a TypeScript resolver to see that.
import path from 'node:path';

const CORE = /^src\/core\/([^/]+)\//;
const GARDEN = /^src\/core\/garden\/(?:([^/]+)\/)?[^/]+$/;
/** The engine's layers, bottom up; plan and render share a rank. Files at the package's top rank above all. */
const GARDEN_LAYERS = { view: 0, session: 1, ledger: 2, plan: 3, render: 3, ingest: 4 };
const GARDEN_TOP = 5;

/** The engine's layer of a file inside src/core/garden, or undefined outside it. */
function gardenLayer(file) {
  const m = GARDEN.exec(file);
  if (!m) return undefined;
  if (m[1] === undefined) return { name: 'top', rank: GARDEN_TOP };
  return { name: m[1], rank: GARDEN_LAYERS[m[1]] ?? GARDEN_TOP };
}

/** An import inside the engine that goes against its layers, said in words; undefined when it does not. */
function layerProblem(file, target) {
  const from = gardenLayer(file);
  const to = gardenLayer(target.replace(/\.(js|ts|tsx)$/, '.ts'));
  if (!from || !to || from.name === to.name || to.rank < from.rank) return undefined;
  const order = 'view → session → ledger → plan, render → ingest → garden.ts';
  return `inside the garden a layer imports only the layers below it (${order}): ${from.name} imports ${target}`;
}
const DOOR = /^src\/doors\/([^/]+)\//;

function zoneOf(file) {
  let m = CORE.exec(file);
  if (m) return { wing: 'core', name: m[1] };
  m = DOOR.exec(file);
  if (m) return { wing: 'door', name: m[1] };
  if (file.startsWith('src/cli/')) return { wing: 'cli', name: 'cli' };
  return { wing: 'root', name: file };
}

function problem(file, from, to, target) {
  if (from.wing === to.wing && from.name === to.name)
    return from.name === 'garden' ? layerProblem(file, target) : undefined;
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
      const what = problem(file, from, zoneOf(target), target);
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
