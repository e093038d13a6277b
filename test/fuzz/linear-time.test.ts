import { describe, expect, it } from 'vitest';
import { needlesOf } from '../../src/core/compress/prose/needles.js';
import { splitSentences } from '../../src/core/compress/prose/sentences.js';
import { extractTerms, mentionSet } from '../../src/core/names/terms.js';
import { redactSecrets } from '../../src/core/store/redact.js';
import { indexTerms } from '../../src/core/store/terms.js';

/** 256 KB: the size at which a backtracking pattern once took 63 s. */
const SIZE = 256 * 1024;
/** Generous for a loaded 2-core machine; the quadratic versions took 1–60 s on these inputs. */
const BOUND_MS = 1_500;

const hostile: Record<string, string> = {
  'a run of x': 'x'.repeat(SIZE),
  'a run of hex': Array.from({ length: SIZE }, (_, i) => '0123456789abcdef'[(i * 7) % 16]).join(''),
  'a run of dots': '.'.repeat(SIZE),
  'a path without an extension': 'a/'.repeat(SIZE / 2),
  'repeated eyJ- (JWT start)': 'eyJ-'.repeat(SIZE / 4),
  'key headers with no END': '-----BEGIN PRIVATE KEY-----\n'.repeat(SIZE / 28),
  'cut keys with one body line each':
    '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n'.repeat(SIZE / 61),
  'key headers with escaped line breaks': '-----BEGIN PRIVATE KEY-----\\n'.repeat(SIZE / 29),
  'repeated AWS key ids': 'AKIAIOSFODNN7EXAMPLE '.repeat(SIZE / 21),
  'repeated secret words': 'secret: '.repeat(SIZE / 8),
  'repeated password words': 'a.password '.repeat(SIZE / 11),
};

function elapsed(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

describe('regexes over whole tool outputs run in linear time', () => {
  it.each(Object.entries(hostile))('terms, index terms and redaction on %s', (_name, text) => {
    expect(elapsed(() => extractTerms(text))).toBeLessThan(BOUND_MS);
    expect(elapsed(() => mentionSet([text]))).toBeLessThan(BOUND_MS);
    expect(elapsed(() => indexTerms(text))).toBeLessThan(BOUND_MS);
    expect(elapsed(() => redactSecrets(text))).toBeLessThan(BOUND_MS);
  });

  it('still finds paths, error names and camelCase parts beside a long run', () => {
    const text = `${'x'.repeat(4096)} see src/garden/terms.ts: ConfigError in parseConfigFile`;
    expect(extractTerms(text)).toEqual(
      expect.arrayContaining(['src/garden/terms.ts', 'ConfigError', 'parseConfigFile']),
    );
    expect(indexTerms(text).split(' ')).toEqual(
      expect.arrayContaining(['parse', 'config', 'file', 'termsts', 'srcgardentermsts']),
    );
  });

  it('splits sentences around a long run in linear time (wink-nlp rescans long tokens)', () => {
    for (const run of ['#', 'x', 'a.', '-']) {
      const text = `The build failed. ${run.repeat(SIZE / 4 / run.length)} We retried it twice!`;
      expect(elapsed(() => splitSentences(text))).toBeLessThan(BOUND_MS);
    }
  });

  it('finds prose needles beside a long run in linear time, and still finds them', () => {
    for (const run of ['eyJ-', 'f0', 'a-']) {
      const text = `see src/app.ts and parseConfig() ${run.repeat(SIZE / 2 / run.length)} then 1234`;
      expect(elapsed(() => needlesOf(text))).toBeLessThan(BOUND_MS);
      expect(needlesOf(text)).toEqual(expect.arrayContaining(['src/app.ts', 'parseConfig()', '1234']));
    }
  });
});
