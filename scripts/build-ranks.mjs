// Prebuilds cl100k's rank table (dist/core/tokens/cl100k_base.ranks, src/core/tokens/ranks-file.ts):
// a process that counts tokens reads it instead of compiling js-tiktoken's table module and decoding it.
import { writeFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { rankArrays } from '../dist/core/tokens/bpe.js';
import { encodeRankFile, RANK_FILE } from '../dist/core/tokens/ranks-file.js';

const require = createRequire(new URL('../dist/core/tokens/tokenizer.js', import.meta.url));
const source = require.resolve('js-tiktoken/ranks/cl100k_base');
const module = require(source);
const table = module.default ?? module;
writeFileSync(
  new URL(`../dist/core/tokens/${RANK_FILE}`, import.meta.url),
  encodeRankFile(rankArrays(table), table.pat_str, statSync(source).size),
);
