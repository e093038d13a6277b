import { readFileSync } from 'node:fs';
import { compressCode, topLevelDeclarationNames } from '../src/compress/code/index.js';
const reads = JSON.parse(readFileSync('/tmp/cc/reads.json', 'utf8')) as { path: string; text: string }[];
const which = Number(process.argv[2] ?? 0);
const r = reads[which]!;
const s = compressCode(r.text, { path: r.path });
console.log(r.path, r.text.length, '->', s.text.length, s.helped, s.note);
console.log(s.text);
console.log('NAMES', topLevelDeclarationNames(r.text, r.path));
