import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachPiece, pieceSplitters } from '../../../src/core/tokens/pieces.js';

const require = createRequire(import.meta.url);
const table = require('js-tiktoken/ranks/cl100k_base') as { default?: { pat_str: string }; pat_str?: string };
/** cl100k's pre-tokenizer pattern, as the tokenizer reads it from js-tiktoken's table. */
const CL100K = new RegExp((table.default ?? table).pat_str as string, 'u');

const pieces = (text: string, pattern: RegExp): string[] => {
  const { sticky, global } = pieceSplitters(pattern);
  const out: string[] = [];
  forEachPiece(text, sticky, global, (piece) => out.push(piece));
  return out;
};
const byMatchAll = (text: string, pattern: RegExp): string[] =>
  [...text.matchAll(new RegExp(pattern.source, 'gu'))].map((m) => m[0]);

describe('forEachPiece', () => {
  it.each(['hello world', "it's   fine\r\n\n\tok", 'x = f(a_b, 12345) // 🎉 ünïcödé 中文', '', '   '])(
    'cuts a text as matchAll does: %j',
    (text) => {
      expect(pieces(text, CL100K)).toEqual(byMatchAll(text, CL100K));
    },
  );

  it('cuts any text as matchAll does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 80 }), (text) => {
        expect(pieces(text, CL100K)).toEqual(byMatchAll(text, CL100K));
      }),
    );
  });

  it('goes on as matchAll does where the pattern skips characters or matches empty', () => {
    for (const [text, pattern] of [
      ['ab12cd345', /\d+/u],
      ['a1b🎉2', /\d*/u],
      ['x  y', /\s*/u],
    ] as const)
      expect(pieces(text, pattern)).toEqual(byMatchAll(text, pattern));
  });
});
