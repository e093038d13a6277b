import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { recallHint } from '../../../src/core/names/terms.js';
import type { Transcript } from '../../../src/core/transcript/types.js';
import { garden, tempStore } from './helpers.js';

/** A path of `folders` folders and a file name. */
const deepPath = (folders: number): string =>
  `/${Array.from({ length: folders }, (_, i) => `d${i}`).join('/')}/file.ts`;

/** The hint's path, as specified: the longest tail of at least two names (not the whole) that fits 24 characters, else the name. */
function specPath(path: string): string {
  if (path.length <= 24) return path;
  const names = path.split(/[\\/]/).filter((name) => name !== '');
  const fitting = names
    .map((_, i) => names.slice(i).join('/'))
    .filter((tail, i) => i > 0 && names.length - i > 1 && tail.length <= 24);
  return fitting[0] ?? names.at(-1) ?? path;
}

/**
 * A bound far above what a path's hint and settling cost (milliseconds) and far below what a
 * quadratic walk over 40,000 folders takes (tens of seconds).
 */
const GENEROUS_MS = 1_000;

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('a path of many folders', () => {
  it('hints by the same tail of folders a whole search finds (generated paths)', () => {
    const name = fc.stringMatching(/^[\w.-]{1,12}$/);
    const path = fc
      .tuple(fc.array(name, { maxLength: 12 }), fc.boolean())
      .map(([names, rooted]) => `${rooted ? '/' : ''}${names.join('/')}`);
    fc.assert(
      fc.property(path, (p) => {
        fc.pre(p !== '');
        expect(recallHint({ text: 'x', terms: [], path: p })).toBe(specPath(p));
      }),
      { numRuns: 500 },
    );
  });

  it('makes the hint of a 40,000-folder path in well under a second', () => {
    const path = deepPath(40_000);
    const started = performance.now();
    const hint = recallHint({ text: 'x', terms: [], path });
    expect(performance.now() - started).toBeLessThan(GENEROUS_MS);
    expect(hint).toBe('d39998/d39999/file.ts');
  });

  it('settles a Read of a 20,000-folder path about as fast as one of a 3-folder path as long', () => {
    // A short path first: what loads once (the tokenizer, the grammars) is not timed.
    settleAll(readOf('/src/file.ts'));
    const deep = deepPath(20_000);
    const third = Math.floor(deep.length / 3);
    const flat = `/${'a'.repeat(third)}/${'b'.repeat(third)}/${'c'.repeat(third)}/file.ts`;
    const deepMs = timed(() => settleAll(readOf(deep)));
    const flatMs = fastest(() => settleAll(readOf(flat)));
    // Linear work: the same order of time for as many characters, with room for a busy machine
    // (a quadratic walk over the folders took some 8 seconds).
    expect(deepMs).toBeLessThan(4 * flatMs + 1_500);
  });
});

/** Milliseconds a run takes. */
function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** The fastest of two runs, in milliseconds. */
function fastest(run: () => void): number {
  return Math.min(timed(run), timed(run));
}

/** A Read of a file that is not there, answered with the error that names it. */
function readOf(path: string): Transcript {
  return {
    id: 'deep',
    format: 'anthropic',
    messages: [
      { role: 'user', content: 'read it' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: path } }],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't1',
            is_error: true,
            content: `<tool_use_error>File does not exist: ${path}</tool_use_error>`,
          },
        ],
      },
      { role: 'assistant', content: 'It is not there.' },
    ],
  };
}

/** Every block of a transcript settled and shortened in a fresh session. */
function settleAll(transcript: Transcript): void {
  const engine = garden(store, 1_000_000);
  engine.sync(transcript);
  engine.compactAll({ minTokens: 0, keepLastTurns: 0 });
}
