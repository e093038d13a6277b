// Bundles the hook process (dist/doors/claude-code/cli/hook-entry.js, what bin/gardener-hook runs on
// every Claude Code hook) in place: the entry and its lazy paths become a few files instead of
// ~200 modules, the ESM loader's per-file cost being most of a hook's start-up (benchmarks/startup.ts).
// Packages stay external but better-sqlite3's JavaScript (its addon is opened by path,
// src/core/store/open.ts; tree-sitter and the rest load as packages). Files found through
// import.meta.url are found where the unbundled modules found them (scripts/bundle-lib.mjs).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { bundleInPlace } from './bundle-lib.mjs';

const dir = 'dist/doors/claude-code/cli';
/** The chunks an earlier bundle left (their names carry a content hash). */
const CHUNK = /^hook-.+-[A-Z0-9]{8}\.js$/;

// Run twice without tsc in between, the entry is already the bundle (its chunks are in place).
if (readFileSync(`${dir}/hook-entry.js`, 'utf8').includes('./hook-chunk-')) process.exit(0);
for (const name of readdirSync(dir)) if (CHUNK.test(name)) rmSync(`${dir}/${name}`);
// Copies an earlier bundle needed beside its chunks; the chunks now find the originals.
rmSync(`${dir}/queries`, { recursive: true, force: true });
// tsc's source map describes the entry it wrote, not the bundle that replaces it.
rmSync(`${dir}/hook-entry.js.map`, { force: true });

/**
 * The compressors' modules are marked free of side effects: run when imported, they only define
 * functions and tables, so a chunk whose code calls none of them (a prompt hook's: a prompt is never
 * compressed, hooks/user-prompt.ts) leaves them out, although the engine's index imports them.
 */
const compressorsPure = {
  name: 'compressors-pure',
  setup(bundle) {
    bundle.onResolve({ filter: /^\./ }, (args) => {
      const path = resolve(args.resolveDir, args.path);
      return path.startsWith(COMPRESS) || WITH_COMPRESSORS.includes(path)
        ? { path, sideEffects: false }
        : undefined;
    });
  },
};
const COMPRESS = `${resolve('dist/core/compress')}${sep}`;
/**
 * The engine's modules that bind the real compressors, which its index exports: openGarden (the hooks
 * open the engine with openGardenWith) and the forms of one block (`gardener bench`'s oracle).
 */
const WITH_COMPRESSORS = [
  resolve('dist/core/garden/open.js'),
  resolve('dist/core/garden/ingest/block-forms.js'),
];
const LOGS = [resolve('dist/doors/claude-code/hooks/log.js'), resolve('dist/debug.js')];

await bundleInPlace(`${dir}/hook-entry.js`, 'hook', {
  bundled: ['better-sqlite3'],
  plugins: [compressorsPure],
  // The entry's lazy log and debug modules: the answering and storing paths import them anyway, so
  // made static they join a chunk those paths load, instead of two files of their own.
  inline: (target) => LOGS.includes(target),
});
