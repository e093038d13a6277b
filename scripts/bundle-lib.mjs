// What the bundles of short processes share (scripts/bundle-hook.mjs, scripts/bundle-cli.mjs): esbuild
// over the built modules in place, with code splitting, every chunk in the entry's folder.
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

/**
 * Code that finds files next to itself (the tree-sitter queries, the rank table, the chat TUI's
 * bundle, the proxy's worker, package.json) reads `import.meta.url`, which in a chunk is the
 * chunk's URL. Each module's `import.meta.url` becomes its own built file's URL again, worked out
 * from the chunk's (all chunks sit in one folder), so every lookup finds what it found unbundled.
 */
function ownUrl(outdir) {
  return {
    name: 'own-url',
    setup(bundle) {
      bundle.onLoad({ filter: /\.js$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const own = relative(outdir, args.path).split(sep).join('/');
        const url = `new URL(${JSON.stringify(own)}, import.meta.url).href`;
        return {
          contents: source.replaceAll('import.meta.url', url),
          loader: 'js',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

/**
 * Leaves every package to Node but those named in `bundled`: their JavaScript goes into the chunks
 * (a package of several CommonJS files costs the loader each file). Node's built-ins stay built-ins.
 */
function externalPackages(bundled) {
  return {
    name: 'external-packages',
    setup(bundle) {
      bundle.onResolve({ filter: /^[^./]/ }, (args) => {
        const parts = args.path.split('/');
        const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
        return bundled.includes(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/**
 * Bundles `entry` (a built module) over itself; chunks are named `<prefix>-<name>-<hash>.js`
 * beside it. `bundled`: the packages whose code goes into the chunks (the others are loaded by
 * Node); `plugins`: more esbuild plugins, run before the bundle's own.
 */
export async function bundleInPlace(entry, prefix, { bundled = [], plugins = [] } = {}) {
  const outdir = resolve(dirname(entry));
  await build({
    entryPoints: [entry],
    outdir,
    entryNames: '[name]',
    chunkNames: `${prefix}-[name]-[hash]`,
    allowOverwrite: true,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [...plugins, externalPackages(bundled), ownUrl(outdir)],
    // A CommonJS package bundled into ES module chunks still calls require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __gardenerRequire } from 'node:module'; const require = __gardenerRequire(import.meta.url);",
    },
  });
}
