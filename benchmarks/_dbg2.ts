import { readFileSync } from 'node:fs';
import { compressCode } from '../src/compress/code/index.js';
const reads = JSON.parse(readFileSync('/tmp/cc/reads.json', 'utf8')) as { path: string; text: string }[];
for (let pass = 0; pass < 6; pass++) for (const r of reads) compressCode(r.text, { path: r.path });
