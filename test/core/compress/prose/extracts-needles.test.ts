import { describe, expect, it } from 'vitest';
import { needlesOf, proseNeedles } from '../../../../src/core/compress/prose/needles.js';

describe('needlesOf', () => {
  it('finds paths, file names, URLs and code spans whole', () => {
    const text =
      'See `extract-coderabbit-feedback.py`, src/ledger/vat.ts, ./scripts/run.sh, ~/notes.txt, /etc/hosts and https://example.org/a/b?c=1).';
    expect(needlesOf(text)).toEqual([
      'extract-coderabbit-feedback.py',
      'src/ledger/vat.ts',
      './scripts/run.sh',
      '~/notes.txt',
      '/etc/hosts',
      'https://example.org/a/b?c=1',
    ]);
  });

  it('finds identifiers of every case and calls', () => {
    expect(
      needlesOf('fetchPrReviews, VatCalculator, fetch_pr_reviews, MAX_SIZE, os.path.join() and main()'),
    ).toEqual([
      'fetchPrReviews',
      'VatCalculator',
      'fetch_pr_reviews',
      'MAX_SIZE',
      'os.path.join()',
      'main()',
    ]);
  });

  it('finds numbers with their units and versions, but not plain words', () => {
    expect(
      needlesOf('It took 45ms, 1,287 lines, 3.5% more, on v2.4.0; i.e. and/or input/output are words.'),
    ).toEqual(['45ms', '1,287', '3.5%', 'v2.4.0']);
  });
});

describe('proseNeedles', () => {
  it('skips code blocks, list numbers and heading marks', () => {
    const text = [
      '## Step 2',
      '',
      '1. Open package.json',
      '2. Run it',
      '',
      '```ts',
      'const hiddenName = 42;',
      '```',
    ].join('\n');
    expect(proseNeedles(text)).toEqual(['2', 'package.json']);
  });
});
