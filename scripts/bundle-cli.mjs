// Bundles the CLI process (dist/cli/main.js, what bin/gardener runs) in place, as the hook is
// bundled (scripts/bundle-hook.mjs): each command's code paths become a few chunks instead of ~100
// modules loaded one by one (`gardener recall`'s start-up was mostly the ESM loader's per-file
// cost). Every command's module keeps the `await import()` that makes it load only when named, so
// the chunks a command loads are the ones it reaches. Commander, picocolors and better-sqlite3's
// JavaScript are bundled too (CommonJS packages, which the loader reads file by file; the store
// opens better-sqlite3's addon by its path, src/core/store/open.ts); the other packages stay
// external. Commander's node:child_process (only for executable subcommands, which gardener has
// none of) loads on first use: Node compiles that module and its dependencies on every start that
// requires it.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { bundleInPlace } from './bundle-lib.mjs';

const dir = 'dist/cli';
const CHUNK = /^cli-.+-[A-Z0-9]{8}\.js$/;

if (readFileSync(`${dir}/main.js`, 'utf8').includes('__gardenerRequire')) process.exit(0);
for (const name of readdirSync(dir)) if (CHUNK.test(name)) rmSync(`${dir}/${name}`);
rmSync(`${dir}/main.js.map`, { force: true });

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

await bundleInPlace(`${dir}/main.js`, 'cli', {
  bundled: ['commander', 'better-sqlite3', 'picocolors'],
  plugins: [lazyChildProcess],
});
