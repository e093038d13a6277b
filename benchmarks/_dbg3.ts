import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
const require = createRequire(import.meta.url);
const P = require('tree-sitter'); const Py = require('tree-sitter-python'); const TS = require('tree-sitter-typescript'); const JS = require('tree-sitter-javascript');
let seed = 7; const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
for (const alphabet of ['abcdefghij klmnop\n', 'the quick brown fox, jumps over: the lazy dog.\n']) {
for (const [name, lang] of [['python', Py], ['tsx', TS.tsx], ['typescript', TS.typescript], ['js', JS]] as const) {
  const p = new P(); p.setLanguage(lang);
  for (const n of [500, 1000, 2000, 4000]) {
    let s = ''; for (let i = 0; i < n; i++) s += alphabet[Math.floor(rnd() * alphabet.length)];
    const t0 = performance.now();
    p.parse(s, undefined, { bufferSize: s.length * 2 + 16 });
    console.log(alphabet.slice(0, 5), name, n, (performance.now() - t0).toFixed(0), 'ms');
  }
}}
