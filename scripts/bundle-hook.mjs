// Bundles the hook process (dist/doors/claude-code/cli/hook-entry.js, what bin/gardener-hook runs on
// every Claude Code hook) in place: the entry and its lazy paths become a few files instead of
// ~200 modules, the ESM loader's per-file cost being most of a hook's start-up (benchmarks/startup.ts).
// Packages stay external (better-sqlite3 and tree-sitter are native). The chunks sit beside the
// entry, at the depth of the modules they came from, so code that finds files through
// import.meta.url still does (package.json four levels up); the tree-sitter queries are copied
// beside them, as src/core/compress/code/grammars.ts reads them from ./queries/.
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const dir = 'dist/doors/claude-code/cli';
/** The chunks an earlier bundle left (their names carry a content hash). */
const CHUNK = /^hook-.+-[A-Z0-9]{8}\.js$/;

// Run twice without tsc in between, the entry is already the bundle (its chunks are in place).
if (readFileSync(`${dir}/hook-entry.js`, 'utf8').includes('./hook-chunk-')) process.exit(0);
for (const name of readdirSync(dir)) if (CHUNK.test(name)) rmSync(`${dir}/${name}`);
// tsc's source map describes the entry it wrote, not the bundle that replaces it.
rmSync(`${dir}/hook-entry.js.map`, { force: true });

await build({
  entryPoints: [`${dir}/hook-entry.js`],
  outdir: dir,
  entryNames: '[name]',
  chunkNames: 'hook-[name]-[hash]',
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
cpSync('dist/core/compress/code/queries', `${dir}/queries`, { recursive: true });
