import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../src/core/recall/query.js';
import { anyOf, ftsString } from '../../../src/core/store/fts.js';
import type { VocabLookup } from '../../../src/core/store/vocab.js';
import { selectTerms } from '../../../src/core/recall/terms-select.js';

const tokens = (text: string) => parseQuery(text).words.map((w) => w.token);

describe('parseQuery', () => {
  it('keeps distinctive words and drops English stopwords and single letters', () => {
    const words = tokens('Let me check why the invoice total is wrong in a test');
    expect(words).toEqual(expect.arrayContaining(['invoice', 'total', 'wrong', 'test']));
    expect(words).not.toContain('the');
    expect(words).not.toContain('me');
    expect(words).not.toContain('a');
  });

  it('splits identifiers and paths and keeps them as phrases', () => {
    const parsed = parseQuery('see `parseConfigFile` in src/config/load_config.ts');
    expect(parsed.words.map((w) => w.token)).toEqual(
      expect.arrayContaining(['parseconfigfile', 'parse', 'config', 'load', 'src', 'ts']),
    );
    expect(parsed.phrases).toContainEqual(['src', 'config', 'load', 'config', 'ts']);
    expect(parsed.compounds).toContain('src/config/load_config.ts');
    expect(parsed.words.find((w) => w.token === 'parseconfigfile')?.technical).toBe(true);
  });

  it('folds case and diacritics as the index does', () => {
    expect(tokens('Café ÉCOLE')).toEqual(expect.arrayContaining(['cafe', 'ecole']));
  });

  it('bounds the work on a huge query', () => {
    const parsed = parseQuery(Array.from({ length: 5_000 }, (_, i) => `word${i}`).join(' '));
    expect(parsed.words.length).toBeLessThanOrEqual(64);
  });
});

describe('FTS expressions', () => {
  it('quotes every item so operators and quotes are plain text', () => {
    expect(ftsString('say "hi" OR NEAR(')).toBe('"say ""hi"" OR NEAR("');
    expect(anyOf(['a', 'b'], ['x', 'y z'])).toBe('{a b} : ("x" OR "y z")');
  });
});

describe('selectTerms', () => {
  const vocab = (dfs: Record<string, number>, docs: number): VocabLookup => ({
    df: (t, cap) => Math.min(dfs[t] ?? 0, cap),
    docs: () => docs,
  });

  it('keeps words the index knows, rarest first, and drops words in too many entries', () => {
    const parsed = parseQuery('invoice rounding error unknownword');
    const selection = selectTerms(parsed, vocab({ invoice: 40, rounding: 3, error: 9_000 }, 50_000));
    expect(selection.terms.map((t) => t.token)).toEqual(['rounding', 'invoice']);
  });

  it('still uses the most distinctive-looking words when every word is common', () => {
    const parsed = parseQuery('error failed test');
    const selection = selectTerms(parsed, vocab({ error: 30_000, failed: 20_000, test: 25_000 }, 50_000));
    expect(selection.terms.map((t) => t.token)).toEqual(['failed', 'error', 'test']);
  });

  it('keeps a phrase only when all its words occur', () => {
    const parsed = parseQuery('src/app.py and lib/none.rs');
    const selection = selectTerms(parsed, vocab({ src: 10, app: 5, py: 20, lib: 3 }, 1_000));
    expect(selection.phrases).toEqual([['src', 'app', 'py']]);
  });
});
