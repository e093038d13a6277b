// Bundles the CLI's processes in place (dist/cli/main.js, what bin/gardener runs, picks one; it is
// not bundled itself), as the hook is bundled (scripts/bundle-hook.mjs):
// - dist/cli/process.js, every command but recall: each command's code paths become a few chunks
//   instead of ~100 modules loaded one by one. Every command's module keeps the `await import()`
//   that makes it load only when named, so the chunks a command loads are the ones it reaches.
// - dist/cli/recall-process.js, `gardener recall`: the same process, bundled on its own, with the
//   `import()`s a recall always makes turned static, so its whole path is one file (and a chunk it
//   shares with the lazy path that stores what hooks spooled). Split like the CLI's, it loaded ~30
//   chunks, and the ESM loader's cost per file was most of its start-up. The other commands' modules
//   are left out of it (program.ts loads only the command named).
// Commander, picocolors and better-sqlite3's JavaScript are bundled too (CommonJS packages, which
// the loader reads file by file; the store opens better-sqlite3's addon by its path,
// src/core/store/open.ts); the other packages stay external. Commander's node:child_process (only
// for executable subcommands, which gardener has none of) loads on first use: Node compiles that
// module and its dependencies on every start that requires it.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { bundleInPlace } from './bundle-lib.mjs';

const dir = 'dist/cli';
const CHUNK = /^(cli|recall)-.+-[A-Z0-9]{8}\.js$/;
const BUNDLED = ['commander', 'better-sqlite3', 'picocolors'];

if (readFileSync(`${dir}/process.js`, 'utf8').includes('__gardenerRequire')) process.exit(0);
for (const name of readdirSync(dir)) if (CHUNK.test(name)) rmSync(`${dir}/${name}`);
for (const name of ['process', 'recall-process']) rmSync(`${dir}/${name}.js.map`, { force: true });

/** Commander's `require('node:child_process')` gets an object that requires it when first read. */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(bundle) {
    bundle.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: 'child_process', namespace: 'lazy' }
        : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents:
        "let loaded; module.exports = new Proxy({}, { get: (_, key) => (loaded ??= require('node:child_process'))[key] });",
      loader: 'js',
    }));
  },
};

const commands = resolve(dir, 'commands.js');
const recallCommand = resolve('dist/doors/batch/cli/recall.js');
/** What a recall loads only sometimes: the engine, to store what hooks spooled (doors/claude-code/drain.ts). */
const RECALL_LAZY = [resolve('dist/doors/claude-code/hooks/run.js')];

/** In the recall bundle, the command table's other commands stay the built modules (never loaded). */
const otherCommands = {
  name: 'other-commands',
  setup(bundle) {
    bundle.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind !== 'dynamic-import' || args.importer !== commands) return undefined;
      const target = resolve(args.resolveDir, args.path);
      if (target === recallCommand) return undefined;
      return { path: `./${relative(resolve(dir), target).split(sep).join('/')}`, external: true };
    });
  },
};

// The recall bundle first: it reads process.js as tsc wrote it, which the CLI's bundle replaces.
const recall = await bundleInPlace(`${dir}/recall-process.js`, 'recall', {
  bundled: BUNDLED,
  plugins: [lazyChildProcess, otherCommands],
  inline: (target, importer) =>
    !RECALL_LAZY.includes(target) &&
    (importer !== commands || target === recallCommand) &&
    !target.startsWith('node:'),
});
// A package a recall would load at start: a module inlined above imports it statically, and the
// bundle hoists that import to the top of a file a recall loads (the MCP server's SDK did, in a
// trial build). The files a recall loads: the entry and what it imports statically.
const loadsAtStart = (file) =>
  recall.outputs[file].imports.filter((i) => i.kind === 'import-statement' && !i.path.startsWith('node:'));
for (const { path, external } of loadsAtStart(`${dir}/recall-process.js`)) {
  const imports = external ? [{ path, external }] : loadsAtStart(path);
  for (const hoisted of imports.filter((i) => i.external))
    throw new Error(`the recall bundle imports ${hoisted.path} as it loads: every recall would load it`);
}
await bundleInPlace(`${dir}/process.js`, 'cli', { bundled: BUNDLED, plugins: [lazyChildProcess] });
