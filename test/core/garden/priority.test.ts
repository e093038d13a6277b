import { describe, expect, it } from 'vitest';
import {
  BASE_PRIORITY,
  MEDIA_PRIORITY,
  priority,
  RECENCY_BONUS,
  REFERENCE_BONUS,
  STALENESS_MAX,
} from '../../../src/core/garden/plan/priority.js';
import { extractTerms, isMentioned, mentionSet, recallHint } from '../../../src/core/names/terms.js';

const none = new Set<string>();

describe('priority', () => {
  it('ranks classes by their base priority at equal age', () => {
    const at = (cls: keyof typeof BASE_PRIORITY) => priority({ cls, age: 30, terms: [] }, none);
    expect(at('error')).toBeGreaterThan(at('code'));
    expect(at('code')).toBeGreaterThan(at('prose'));
    expect(at('prose')).toBeGreaterThan(at('structured'));
    expect(at('structured')).toBeGreaterThan(at('log'));
  });

  it('gives a fresh block the recency bonus and an old one the full staleness penalty', () => {
    expect(priority({ cls: 'prose', age: 0, terms: [] }, none)).toBe(BASE_PRIORITY.prose + RECENCY_BONUS);
    expect(priority({ cls: 'prose', age: 1_000, terms: [] }, none)).toBe(BASE_PRIORITY.prose - STALENESS_MAX);
  });

  it('decreases as a block ages', () => {
    const values = [0, 5, 10, 20, 40].map((age) => priority({ cls: 'code', age, terms: [] }, none));
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });

  it('adds the reference bonus when the recent turns mention a path of the block by its basename', () => {
    const mentions = mentionSet(['let me open vat.py again']);
    const base = priority({ cls: 'prose', age: 50, terms: ['src/billing/vat.py'] }, none);
    expect(priority({ cls: 'prose', age: 50, terms: ['src/billing/vat.py'] }, mentions)).toBe(
      base + REFERENCE_BONUS,
    );
  });

  it('stays within 0..100 and gives media their own base', () => {
    expect(priority({ cls: 'log', age: 10_000, terms: [] }, none)).toBeGreaterThanOrEqual(0);
    expect(priority({ cls: 'prompt', age: 0, terms: ['x'] }, mentionSet(['x']))).toBe(100);
    expect(priority({ cls: undefined, age: 1_000, terms: [] }, none)).toBe(MEDIA_PRIORITY - STALENESS_MAX);
  });
});

describe('terms', () => {
  it('finds paths, error names and identifiers', () => {
    const terms = extractTerms(
      'Traceback in src/app/vat.py line 3\nValueError: bad rate in computeVat and tax_rate_for',
    );
    expect(terms).toEqual(
      expect.arrayContaining(['src/app/vat.py', 'ValueError', 'computeVat', 'tax_rate_for']),
    );
  });

  it('keeps at most 24 terms', () => {
    const text = Array.from({ length: 100 }, (_, i) => `file${i}.ts`).join(' ');
    expect(extractTerms(text)).toHaveLength(24);
  });

  it('does not take numbers or abbreviations for paths', () => {
    expect(extractTerms('version 1.2.3 e.g. this')).toEqual([]);
  });

  it('tells a mention apart from an absence', () => {
    const mentions = mentionSet(['run `pytest tests/test_vat.py` now']);
    expect(isMentioned(['tests/test_vat.py'], mentions)).toBe(true);
    expect(isMentioned(['other.py'], mentions)).toBe(false);
  });

  it('builds a recall hint from path, command and terms, without quotes', () => {
    expect(recallHint({ text: 'x', terms: ['ValueError'], path: 'src/vat.py' })).toBe(
      'src/vat.py ValueError',
    );
    expect(recallHint({ text: 'say "hi" there', terms: [] })).toBe('say hi there');
    expect(recallHint({ text: 'y', terms: [], command: 'pytest -x tests/ --tb=short' })).toBe(
      'pytest -x tests/',
    );
    expect(
      recallHint({ text: 'z '.repeat(100), terms: Array.from({ length: 30 }, (_, i) => `identifier_${i}`) })
        .length,
    ).toBeLessThanOrEqual(48);
  });

  it('keeps a long path by its last folders and name, never cut in the middle', () => {
    const path = '/workspace/python__mypy__1.6/mypy/plugins/dataclasses.py';
    expect(recallHint({ text: 'x', terms: ['_add_slots'], path })).toBe('plugins/dataclasses.py _add_slots');
    expect(
      recallHint({ text: 'x', terms: [], path: '/a/very_long_folder_name_here/and_a_long_file_name.py' }),
    ).toBe('and_a_long_file_name.py');
  });

  it('leaves out a term that does not fit, for shorter ones after it', () => {
    const terms = ['parse_config', 'load_settings_from_environment', 'ConfigError', 'vat_rate'];
    expect(recallHint({ text: 'x', terms, path: 'src/config.py' })).toBe(
      'src/config.py parse_config ConfigError vat_rate',
    );
  });
});
