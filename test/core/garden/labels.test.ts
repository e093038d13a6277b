import { describe, expect, it } from 'vitest';
import { formatBytes, integer } from '../../../src/core/format/numbers.js';
import {
  mediaRepeatLine,
  mediaStubLine,
  stubLine,
  summaryHeader,
} from '../../../src/core/garden/render/labels.js';
import { SHELL_WORDS, TOOL_WORDS } from '../../../src/core/garden/session/words.js';

const words = TOOL_WORDS;

describe('labels', () => {
  it('formats counts with thousands separators independently of the locale', () => {
    expect(integer(8412)).toBe('8,412');
    expect(integer(1234567)).toBe('1,234,567');
    expect(integer(12)).toBe('12');
  });

  it('writes a stub that leads with the exact way back, then a search that finds it', () => {
    expect(stubLine({ what: 'log', before: 4412, id: 'a3f2', hint: 'vat test failure', words })).toBe(
      '[gardener: log 4,412→0 tok · fetch("a3f2") · or recall("vat test failure")]',
    );
  });

  it('puts a compressor note on one line inside the stub', () => {
    const line = stubLine({
      what: 'log',
      before: 10,
      id: 'x',
      hint: 'h',
      words,
      note: 'pytest: 3 failed\n[120 passed]',
    });
    expect(line).toBe('[gardener: log 10→0 tok · fetch("x") · pytest: 3 failed 120 passed · or recall("h")]');
  });

  it('says in a short summary header what it is, the sizes and how to fetch it by id', () => {
    expect(summaryHeader({ what: 'code', before: 2300, after: 400, id: 'b7c1', hint: '', words })).toBe(
      '[gardener: code summary 2,300→400 tok · fetch("b7c1")]',
    );
  });

  it('asks for the part the model needs of an original longer than a page, in each door', () => {
    expect(stubLine({ what: 'log', before: 62_000, id: 'd4', hint: 'service.log', words })).toBe(
      '[gardener: log 62,000→0 tok · fetch("d4", query: "what you need") · or recall("service.log")]',
    );
    expect(stubLine({ what: 'log', before: 62_000, id: 'd4', hint: 'service.log', words: SHELL_WORDS })).toBe(
      '[gardener: log 62,000→0 tok · run `gardener show d4 --grep "what you need"` · or run `gardener recall "service.log"`]',
    );
    expect(summaryHeader({ what: 'log', before: 62_000, after: 900, id: 'd4', hint: '', words })).toBe(
      '[gardener: log summary 62,000→900 tok · fetch("d4", query: "what you need")]',
    );
  });

  it('describes media repeats and stubs with type, size and id', () => {
    expect(
      mediaRepeatLine({
        what: 'image',
        mediaType: 'image/png',
        bytes: 2048,
        id: 'm1',
        hash: 'ab'.repeat(32),
      }),
    ).toBe(
      '[gardener: image image/png 2.0 KB · repeat of one attached earlier · id=m1 · sha256 abababababab]',
    );
    expect(
      mediaStubLine({ what: 'image', mediaType: 'image/png', bytes: 200_000, id: 'm1', before: 1500, words }),
    ).toContain('1,500→0 tok · id=m1 · fetch("m1")');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  it('names the way back that works in the door: the CLI for a client with only a shell', () => {
    expect(stubLine({ what: 'log', before: 50, id: 'c9', hint: 'flaky test', words: SHELL_WORDS })).toBe(
      '[gardener: log 50→0 tok · run `gardener show c9` · or run `gardener recall "flaky test"`]',
    );
    expect(summaryHeader({ what: 'log', before: 50, after: 9, id: 'c9', hint: '', words: SHELL_WORDS })).toBe(
      '[gardener: log summary 50→9 tok · run `gardener show c9`]',
    );
  });
});
