// Bundles the chat TUI (dist/doors/chat/tui/bundle.js with Ink, React and their dependencies) into one ESM
// file, dist/doors/chat/tui/chat-tui.bundle.js, so `gardener chat` paints its first frame sooner (src/doors/chat/tui/bundle.ts).
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/doors/chat/tui/bundle.js'],
  outfile: 'dist/doors/chat/tui/chat-tui.bundle.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // React's production build, fixed at bundle time (src/doors/chat/cli/chat-run.ts sets the same at run time when unbundled).
  define: { 'process.env.NODE_ENV': '"production"' },
  logOverride: { 'assign-to-define': 'silent' },
  // Ink loads its devtools only when DEV=true; the bundle leaves them out.
  alias: { 'react-devtools-core': './scripts/no-devtools.mjs' },
  // CommonJS dependencies inside an ES module bundle still call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __gardenerRequire } from 'node:module'; const require = __gardenerRequire(import.meta.url);",
  },
});
