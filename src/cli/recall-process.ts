// The entry of `gardener recall`'s own bundle (main.ts loads it, scripts/bundle-cli.mjs builds it):
// the same process as every other command, bundled on its own so a recall loads one or two files.
import './process.js';
