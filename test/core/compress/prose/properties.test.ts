import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compressProse, proseNeedles } from '../../../../src/core/compress/prose/index.js';
import { expectFastAndNeverBlank } from '../../../support/pathological.js';

const word = fc.constantFrom(
  'the',
  'cache',
  'request',
  'fails',
  'because',
  'budget',
  'src/app/main.ts',
  'parseConfig()',
  'MAX_RETRIES',
  '42',
  '3.5%',
  'https://example.org/x',
  '`npm test`',
  'retry',
  'Anthropic',
  'and',
  'then',
  'we',
  'keep',
  'summary',
);
const sentence = fc.array(word, { minLength: 3, maxLength: 18 }).map((words) => `${words.join(' ')}.`);
const block = fc.oneof(
  fc.array(sentence, { minLength: 1, maxLength: 6 }).map((s) => s.join(' ')),
  fc.array(sentence, { minLength: 2, maxLength: 5 }).map((s) => s.map((x) => `- ${x}`).join('\n')),
  sentence.map((s) => `## ${s}`),
  fc.array(sentence, { minLength: 1, maxLength: 14 }).map((s) => ['```js', ...s, '```'].join('\n')),
);
const markdown = fc.array(block, { minLength: 1, maxLength: 14 }).map((blocks) => blocks.join('\n\n'));
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 600 }),
  fc.string({
    unit: fc.constantFrom('.', ' ', '\n', '-', '#', '`', '>', '|', 'a', 'B', '1', '[', '…', ']'),
    maxLength: 600,
  }),
  markdown,
);

describe('compressProse properties', () => {
  it('never throws, never lengthens, and is deterministic', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const a = compressProse(text, {});
        expect(compressProse(text, {})).toEqual(a);
        expect(a.text.length).toBeLessThanOrEqual(text.length);
        if (!a.helped) expect(a.text).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps at least 90% of the needles of markdown prose', () => {
    fc.assert(
      fc.property(markdown, fc.boolean(), (text, reasoning) => {
        const needles = proseNeedles(text);
        if (needles.length === 0) return;
        const summary = compressProse(text, { reasoning }).text;
        expect(needles.filter((n) => summary.includes(n)).length / needles.length).toBeGreaterThanOrEqual(
          0.9,
        );
      }),
      { numRuns: 150 },
    );
  });

  it('leaves a summary (almost) as it is', () => {
    fc.assert(
      fc.property(markdown, fc.boolean(), (text, reasoning) => {
        const once = compressProse(text, { reasoning });
        expect(compressProse(once.text, { reasoning }).text.length).toBeGreaterThanOrEqual(
          once.text.length * 0.9,
        );
      }),
      { numRuns: 100 },
    );
  });

  it('copes with huge lines and a 2 MB text', () => {
    const line = `Intro sentence here. ${'QUJD'.repeat(100_000)} and a closing sentence with 42 in it.`;
    const one = compressProse(line, {});
    expect(one.text.length).toBeLessThanOrEqual(line.length);
    const paragraph =
      'The planner compacts the lowest priority blocks first. It reads src/core/garden/plan/plan.ts and counts 1,500 tokens per image. ' +
      'Nothing else needs to change here. The cache stays warm while the batch is small. ';
    let text = '';
    for (let i = 0; text.length < 2_000_000; i++) text += `${paragraph}Step ${i} is done.\n\n`;
    const start = performance.now();
    const summary = compressProse(text, {});
    const seconds = (performance.now() - start) / 1000;
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThan(text.length * 0.6);
    expect(seconds).toBeLessThan(10);
  });

  it('finishes pathological inputs quickly and never returns a blank summary', () => {
    expectFastAndNeverBlank(compressProse);
  });
});
