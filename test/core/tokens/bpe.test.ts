import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRanks, pieceTokens, utf8Latin1, type RankTable } from '../../../src/core/tokens/bpe.js';
import { createTiktokenCounter } from '../../../src/core/tokens/tokenizer.js';

const require = createRequire(import.meta.url);
const module = require('js-tiktoken/ranks/cl100k_base') as { default?: RankTable } & RankTable;
const table = module.default ?? module;
const { Tiktoken } = require('js-tiktoken/lite') as {
  Tiktoken: new (ranks: unknown) => { encode(text: string, a: string[], d: string[]): number[] };
};
const reference = new Tiktoken(table);
const exact = (text: string) => reference.encode(text, [], []).length;

/** Text shaped like tool output: words, code punctuation, numbers, whitespace runs, some non-ASCII. */
const toolText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'const',
        ' x',
        ' = ',
        '{',
        '}',
        '();',
        '\n',
        '\n\n',
        '    ',
        '\t',
        "'s",
        ' 2025',
        '0x1f',
      ),
      fc.constantFrom('é', 'ß', '東京', '🚀', '\u200d', 'Привет', ' naïve', '\r\n', '<|endoftext|>'),
      fc.string({ maxLength: 12 }),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

describe('byte-pair counts from the rank table', () => {
  const ranks = loadRanks(table);

  it('holds every token of the table under its bytes', () => {
    const rankOf = (bytes: string) => ranks.rank(bytes, 0, bytes.length);
    expect(ranks.size).toBe(100_256);
    expect(rankOf('hello')).toBe(reference.encode('hello', [], [])[0]);
    expect(rankOf(utf8Latin1(' 東'))).toBe(-1);
    expect(ranks.rank('say hello', 4, 9)).toBe(rankOf('hello'));
  });

  it('finds every token of the table at its rank', () => {
    let checked = 0;
    for (const line of table.bpe_ranks.split('\n')) {
      const [, first, ...tokens] = line.split(' ');
      for (const [i, token] of tokens.entries()) {
        const bytes = atob(token);
        if (ranks.rank(bytes, 0, bytes.length) !== Number(first) + i) throw new Error(`rank of ${token}`);
        checked++;
      }
    }
    expect(checked).toBe(100_256);
  });

  it('counts every piece as js-tiktoken encodes it', () => {
    fc.assert(
      fc.property(fc.oneof(toolText, fc.string({ unit: 'grapheme', maxLength: 80 })), (text) => {
        for (const match of text.matchAll(new RegExp(table.pat_str, 'gu')))
          expect(pieceTokens(match[0], ranks)).toBe(exact(match[0]));
      }),
      { numRuns: 400 },
    );
  });

  it('gives the tokenizer the exact count of whole texts, lone surrogates included', () => {
    const tokenizer = createTiktokenCounter();
    for (const text of ['\ud800 lone', 'tail \udfff', 'a\ud83d', 'ünïcödé '.repeat(40), '  \n  x  ', ''])
      expect(tokenizer.count(text)).toBe(exact(text));
    fc.assert(
      fc.property(toolText, (text) => {
        expect(tokenizer.count(text)).toBe(exact(text));
      }),
      { numRuns: 200 },
    );
  });
});
