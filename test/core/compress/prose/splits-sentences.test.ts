import { describe, expect, it } from 'vitest';
import { contentWords, splitSentences } from '../../../../src/core/compress/prose/sentences.js';

const sentences = (text: string, breaks: number[] = []): string[] =>
  splitSentences(text, breaks).map((span) => text.slice(span.start, span.end));

describe('splitSentences', () => {
  it('ends sentences at . ! ? before a sentence start, with closing quotes and brackets', () => {
    expect(sentences('It failed. Why? Because "the cache was cold." Then it passed!')).toEqual([
      'It failed.',
      'Why?',
      'Because "the cache was cold."',
      'Then it passed!',
    ]);
  });

  it('never ends a sentence inside a token, after an abbreviation or before a lower-case word', () => {
    expect(
      sentences('Run setup.py with json.loads on 3.5 MB, e.g. the fixture. It works, i.e. it passes.'),
    ).toEqual(['Run setup.py with json.loads on 3.5 MB, e.g. the fixture.', 'It works, i.e. it passes.']);
    expect(sentences('The value is approx. ten.')).toEqual(['The value is approx. ten.']);
  });

  it('starts a sentence with a code span, and at a line break after a colon or a code span', () => {
    expect(
      sentences('Check `window.sum()`. `fft = -3` here.\nFor line 398: `x = 1`\nIf I change it:\nIt breaks.'),
    ).toEqual([
      'Check `window.sum()`.',
      '`fft = -3` here.',
      'For line 398: `x = 1`',
      'If I change it:',
      'It breaks.',
    ]);
  });

  it('keeps hard-wrapped lines in one sentence and cuts at block starts', () => {
    const text = 'This sentence wraps\nonto a second line.\n\nNext block';
    expect(sentences(text)).toEqual(['This sentence wraps\nonto a second line.', 'Next block']);
    expect(sentences('one two three', [4])).toEqual(['one', 'two three']);
  });

  it('is linear on huge unbroken input', () => {
    const text = `${'word '.repeat(200_000)}end.`;
    const start = performance.now();
    expect(splitSentences(text)).toHaveLength(1);
    expect(performance.now() - start).toBeLessThan(2_000);
  });
});

describe('contentWords', () => {
  it('drops stop words and one-letter words and strips plurals', () => {
    expect(contentWords("The planner's caches are warm and it has 2 files.")).toEqual([
      'planner',
      'cache',
      'warm',
      'file',
    ]);
  });
});
