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
 * Bundles `entry` (a built module) over itself; chunks are named `<prefix>-<name>-<hash>.js`
 * beside it. `external`: the packages left to Node (all of them unless a list is given); `plugins`:
 * esbuild plugins of that bundle.
 */
export async function bundleInPlace(entry, prefix, external, plugins = []) {
  const outdir = resolve(dirname(entry));
  await build({
    entryPoints: [entry],
    outdir,
    entryNames: '[name]',
    chunkNames: `${prefix}-[name]-[hash]`,
    allowOverwrite: true,
    bundle: true,
    splitting: true,
    ...(external ? { external: external.flatMap((name) => [name, `${name}/*`]) } : { packages: 'external' }),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [...plugins, ownUrl(outdir)],
    // A CommonJS package bundled into ES module chunks still calls require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __gardenerRequire } from 'node:module'; const require = __gardenerRequire(import.meta.url);",
    },
  });
}
