// What the bundles of short processes share (scripts/bundle-hook.mjs, scripts/bundle-cli.mjs): esbuild
// over the built modules in place, with code splitting, every chunk in the entry's folder.
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

/** `import('…')` with a literal specifier, as tsc writes it. */
const DYNAMIC_IMPORT = /\bimport\((['"])([^'"]+)\1\)/g;

/**
 * What the bundler reads of each built module, rewritten in two ways.
 *
 * Code that finds files next to itself (the tree-sitter queries, the rank table, the chat TUI's
 * bundle, the proxy's worker, package.json) reads `import.meta.url`, which in a chunk is the
 * chunk's URL. Each module's `import.meta.url` becomes its own built file's URL again, worked out
 * from the chunk's (all chunks sit in one folder), so every lookup finds what it found unbundled.
 *
 * `inline(target, importer)` (absolute paths; a package by its name) names the `import()`s this
 * bundle's process makes every time: each becomes a static import of the same module (its
 * namespace, already resolved), so the module joins the importer's file instead of a chunk of its
 * own. esbuild splits a bundle at every `import()`, and the loader's cost per file was most of a
 * short process's start-up. The module then runs when the process starts, not when first asked.
 */
function rewrite(outdir, inline) {
  return {
    name: 'rewrite',
    setup(bundle) {
      bundle.onLoad({ filter: /\.js$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        let source = await readFile(args.path, 'utf8');
        const own = relative(outdir, args.path).split(sep).join('/');
        const url = `new URL(${JSON.stringify(own)}, import.meta.url).href`;
        let changed = source.includes('import.meta.url');
        source = source.replaceAll('import.meta.url', url);
        const statics = new Map();
        source = source.replace(DYNAMIC_IMPORT, (call, _quote, specifier) => {
          const target = specifier.startsWith('.') ? resolve(dirname(args.path), specifier) : specifier;
          if (!inline(target, args.path)) return call;
          if (!statics.has(specifier)) statics.set(specifier, `__inlined${statics.size}`);
          return `Promise.resolve(${statics.get(specifier)})`;
        });
        if (statics.size > 0) {
          changed = true;
          const imports = [...statics].map(
            ([spec, name]) => `import * as ${name} from ${JSON.stringify(spec)};`,
          );
          source = `${imports.join('\n')}\n${source}`;
        }
        return changed ? { contents: source, loader: 'js', resolveDir: dirname(args.path) } : undefined;
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
 * Bundles `entry` (a built module) into `outdir` (its own folder by default, over itself); chunks
 * are named `<prefix>-<name>-<hash>.js` beside it. `bundled`: the packages whose code goes into the
 * chunks (the others are loaded by Node); `inline`: the `import()`s made static (see rewrite);
 * `entryNames`: the entry's file name (esbuild's pattern, `[name]` by default); `plugins`: more
 * esbuild plugins, run before the bundle's own. Resolves to esbuild's metafile.
 */
export async function bundleInPlace(
  entry,
  prefix,
  { bundled = [], plugins = [], inline = () => false, entryNames = '[name]' } = {},
) {
  const outdir = resolve(dirname(entry));
  const result = await build({
    entryPoints: [entry],
    outdir,
    entryNames,
    chunkNames: `${prefix}-[name]-[hash]`,
    allowOverwrite: true,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    metafile: true,
    plugins: [...plugins, externalPackages(bundled), rewrite(outdir, inline)],
    // A CommonJS package bundled into ES module chunks still calls require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __gardenerRequire } from 'node:module'; const require = __gardenerRequire(import.meta.url);",
    },
  });
  return result.metafile;
}
