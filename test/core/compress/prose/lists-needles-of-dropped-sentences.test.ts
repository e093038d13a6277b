import { describe, expect, it } from 'vitest';
import { compressProse, proseNeedles } from '../../../../src/core/compress/prose/index.js';
import { putGutters, takeGutters } from '../../../../src/core/compress/prose/gutter.js';
import { segment } from '../../../../src/core/compress/prose/markdown.js';
import { reduceCode } from '../../../../src/core/compress/prose/render.js';

/** A long reasoning text of the kind coding agents write: every sentence names code. */
const reasoning = [
  'THOUGHT: The failing test is `test_period_total` in tests/test_vat.py, and it fails on the rounding step.',
  '',
  'Looking at the implementation, `compute_period_total()` sums the lines first and then applies the rate, which would be fine on its own.',
  'However, the helper `normalize_line()` rounds each line to two decimals before that sum happens, so a quarter with many small lines drifts by a cent.',
  'I also noticed that `LineItem.amount` is stored as a float in src/ledger/models.py, which makes the drift worse when the amounts are tiny.',
  'The history shows the rounding arrived with the refactor that introduced `LineItem`, and nothing in the specification asks for it at all.',
  '',
  'So the fix is to drop the rounding from `normalize_line()` and round once in `compute_period_total()` with `round_half_even()`.',
  'I will keep the public signature of `compute_period_total()` unchanged so that the callers in src/ledger/report.py keep working.',
  '',
  'Let me make that change now and run the tests again.',
].join('\n');

describe('compressProse on long needle-dense text', () => {
  const summary = compressProse(reasoning, {});

  it('drops wordy sentences and lists the needles only they held in the mark', () => {
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThan(reasoning.length * 0.75);
    expect(summary.text).toMatch(/\[… [^\]]*`[^`\]]+`[^\]]*\]/);
  });

  it('keeps every needle, each once', () => {
    const kept = new Set(proseNeedles(summary.text));
    expect(proseNeedles(reasoning).filter((needle) => !kept.has(needle))).toEqual([]);
    expect(summary.text.split('src/ledger/models.py').length).toBe(2);
  });

  it('keeps the first and the last sentence', () => {
    expect(summary.text.startsWith('THOUGHT: The failing test is `test_period_total`')).toBe(true);
    expect(summary.text.trimEnd().endsWith('Let me make that change now and run the tests again.')).toBe(
      true,
    );
  });

  it('leaves its own summary alone', () => {
    expect(compressProse(summary.text, {}).helped).toBe(false);
  });
});

describe("compressProse on the agent's own reasoning", () => {
  const asDocument = compressProse(reasoning, {});
  const asReasoning = compressProse(reasoning, { reasoning: true });

  it('keeps the opening and every needle but frames no paragraph, so it is shorter than a document summary', () => {
    expect(asReasoning.helped).toBe(true);
    expect(asReasoning.text.startsWith('THOUGHT: The failing test is `test_period_total`')).toBe(true);
    expect(asReasoning.text).not.toContain('Let me make that change now');
    expect(proseNeedles(reasoning).filter((needle) => !asReasoning.text.includes(needle))).toEqual([]);
    expect(asReasoning.text.length).toBeLessThan(asDocument.text.length);
  });

  it('opens with a sentence that says something, not an interjection', () => {
    const text = [
      'Great!',
      '',
      'The parser now accepts the trailing comma in `load_config()`, so the fixture in tests/test_config.py parses again.',
      'I still want to look at the second failure, which is about the way the default profile gets merged.',
      'That one is probably in `merge_profiles()` and should be a small change once I have read the code around it.',
    ].join('\n');
    const summary = compressProse(text, { reasoning: true });
    expect(summary.text).toContain('The parser now accepts the trailing comma in `load_config()`');
    expect(summary.text).not.toContain('I still want to look');
  });
});

describe('paragraphs that are not sentences', () => {
  it('treats a repo map, a pinned requirements list and a long data line as such', () => {
    const repoMap = [
      'aider/args.py:',
      '⋮...',
      '│def default_env_file(git_root):',
      '⋮...',
      '│def main():',
      '⋮...',
    ];
    const pins = [
      'aiohttp==3.10.2',
      '    # via litellm',
      'anyio==4.4.0',
      '    # via',
      '    #   httpx',
      'attrs==24.2.0',
    ];
    const dump = `[${Array.from({ length: 80 }, (_, i) => `{'run': ${i}, 'pass_rate': 0.${i}}`).join(', ')}]`;
    expect(segment([repoMap.join('\n'), pins.join('\n'), dump].join('\n\n')).map((b) => b.kind)).toEqual([
      'code',
      'blank',
      'code',
      'blank',
      'data',
    ]);
  });

  it('reduces a repo map to its top-level names, counting what is nested in each', () => {
    const map = [
      'aider/coders/base_coder.py:',
      '⋮...',
      '│class Coder:',
      '│    abs_fnames = None',
      '⋮...',
      '│    def create(self, main_model=None):',
      '⋮...',
      '│    def run(self, with_message=None):',
      '│        while True:',
      '⋮...',
      '│def wrap_fence(name):',
      '⋮...',
      '│def strip_fence(text):',
      '⋮...',
    ];
    expect(reduceCode(map)).toEqual([
      'aider/coders/base_coder.py:',
      '│ class Coder (+2); def wrap_fence, strip_fence',
    ]);
  });

  it('cuts a data dump to its start and says how much is left out', () => {
    const dump = `[${Array.from({ length: 200 }, (_, i) => `{'run': ${i}, 'model': 'm-${i}'}`).join(', ')}]`;
    const summary = compressProse(`Here are the results:\n\n${dump}`, {});
    expect(summary.helped).toBe(true);
    expect(summary.text).toMatch(/ \[… \d+ more chars\]$/);
    expect(summary.text.length).toBeLessThan(400);
  });
});

describe('numbered file views', () => {
  const view = [
    '     1→# Rendering',
    '     2→',
    '     3→This document describes how transcripts become HTML. It is long and has many parts.',
    '     4→The renderer walks the messages once. It groups tool calls with their results.',
  ].join('\n');

  it('takes the gutter off and puts it back on lines that come from the file', () => {
    const numbered = takeGutters(view);
    expect(numbered?.lines[0]).toBe('# Rendering');
    expect(putGutters('# Rendering\n[…]\nThe renderer walks the messages once. [… 1 more]', numbered!)).toBe(
      '     1→# Rendering\n[…]\n     4→The renderer walks the messages once. [… 1 more]',
    );
    expect(takeGutters('plain\ntext')).toBeUndefined();
  });

  it('does not count gutter line numbers as needles', () => {
    expect(proseNeedles(view)).toEqual([]);
  });
});
