import { readFileSync } from 'node:fs';
import { parse } from '../src/compress/code/grammars.js';
import { splitSource } from '../src/compress/code/segments.js';
import { dedent } from '../src/compress/code/parse-code.js';
const reads = JSON.parse(readFileSync('/tmp/cc/reads.json', 'utf8')) as { path: string; text: string }[];
const density = (src: string, lang: 'python' | 'javascript' | 'typescript' | 'tsx') => {
  const t = parse(lang, src)!; const root = t.rootNode;
  const errs = root.descendantsOfType('ERROR').filter((n) => n.id !== root.id).length;
  const lines = src.split('\n').filter((l) => l.trim()).length || 1;
  return errs / lines;
};
const real: number[] = [];
for (const r of reads) for (const seg of splitSource(r.text).segments) {
  if (seg.kind !== 'code') continue;
  let n = 0; const w: string[] = [];
  for (const l of dedent(seg.lines).lines) { if (n + l.length > 2000) break; w.push(l); n += l.length + 1; }
  real.push(density(w.join('\n'), r.path.endsWith('.py') ? 'python' : 'javascript'));
}
real.sort((a, b) => a - b);
console.log('real p50', real[Math.floor(real.length / 2)].toFixed(3), 'p90', real[Math.floor(real.length * 0.9)].toFixed(3), 'max', real[real.length - 1].toFixed(3));
let seed = 7; const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
for (const alphabet of ['abc(){}[]<>:;,."\'`\n \t=+-*/#@\\$0123456789', 'abcdefghij klmnop\n', 'the quick brown fox, jumps over: the lazy dog.\n']) {
  for (const lang of ['python', 'typescript', 'tsx', 'javascript'] as const) {
    const g: number[] = [];
    for (let k = 0; k < 10; k++) { let s = ''; for (let i = 0; i < 2000; i++) s += alphabet[Math.floor(rnd() * alphabet.length)]; g.push(density(s, lang)); }
    g.sort((a, b) => a - b); console.log(JSON.stringify(alphabet.slice(0, 10)), lang, 'garbage min', g[0].toFixed(3), 'p50', g[5].toFixed(3));
  }
}
