import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRanks, rankArrays, utf8Latin1, type RankTable } from '../../../src/core/tokens/bpe.js';
import { encodeRankFile, readRankFile } from '../../../src/core/tokens/ranks-file.js';

const require = createRequire(import.meta.url);
const module = require('js-tiktoken/ranks/cl100k_base') as { default?: RankTable } & RankTable;
const table = module.default ?? module;
const SOURCE = 1_234;
const dir = mkdtempSync(path.join(tmpdir(), 'gardener-ranks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

describe('the prebuilt rank table', () => {
  const encoded = encodeRankFile(rankArrays(table), table.pat_str, SOURCE);

  it('reads back every token at its rank, and the same pattern, as decoding the table gives', () => {
    const read = readRankFile(write('good.ranks', encoded), SOURCE);
    const decoded = loadRanks(table);
    expect(read?.size).toBe(100_256);
    expect(read?.pattern.source).toBe(decoded.pattern.source);
    let checked = 0;
    for (const line of table.bpe_ranks.split('\n')) {
      const [, first, ...tokens] = line.split(' ');
      for (const [i, token] of tokens.entries()) {
        const bytes = atob(token);
        if (read?.rank(bytes, 0, bytes.length) !== Number(first) + i) throw new Error(`rank of ${token}`);
        checked++;
      }
    }
    expect(checked).toBe(100_256);
    for (const absent of [utf8Latin1(' 東'), 'zzqxjv_not_a_token', ''])
      expect(read?.rank(absent, 0, absent.length)).toBe(decoded.rank(absent, 0, absent.length));
  });

  it('is not used when missing, made from another table module, truncated or not a rank file', () => {
    expect(readRankFile(path.join(dir, 'absent.ranks'), SOURCE)).toBeUndefined();
    expect(readRankFile(write('stale.ranks', encoded), SOURCE + 1)).toBeUndefined();
    const cut = write('cut.ranks', encoded.subarray(0, encoded.length - 10));
    expect(readRankFile(cut, SOURCE)).toBeUndefined();
    expect(readRankFile(write('other.ranks', Buffer.from('not a rank file at all')), SOURCE)).toBeUndefined();
    const scrambled = Buffer.from(encoded);
    scrambled.write('XX', 20, 'latin1');
    expect(readRankFile(write('scrambled.ranks', scrambled), SOURCE)).toBeUndefined();
  });
});
