import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { compressStructured, topLevelKeys } from '../../../../src/core/compress/structured/index.js';
import { expectFastAndNeverBlank } from '../../../support/pathological.js';

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.string({
    unit: fc.constantFrom('{', '}', '[', ']', ':', ',', '"', '\n', ' ', 'a', '1', '-', '#', '=', '\t'),
    maxLength: 400,
  }),
  fc.jsonValue().map((v) => JSON.stringify(v, null, 2)),
);

const records = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.integer(),
    fc.boolean(),
    fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 30 }),
  ),
  { minKeys: 1, maxKeys: 25 },
);

describe('compressStructured properties', () => {
  it('never throws, never lengthens, and is deterministic', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const a = compressStructured(text, {});
        const b = compressStructured(text, {});
        expect(a).toEqual(b);
        expect(a.text.length).toBeLessThanOrEqual(text.length);
        if (!a.helped) expect(a.text).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every top-level key of a JSON or YAML object', () => {
    fc.assert(
      fc.property(records, fc.boolean(), (object, yaml) => {
        const text = yaml ? toYaml(object) : JSON.stringify(object, null, 2);
        const summary = compressStructured(text, {});
        if (!summary.helped) return;
        for (const key of topLevelKeys(text))
          expect(summary.text).toContain(JSON.stringify(key).slice(1, -1));
      }),
      { numRuns: 80 },
    );
  });

  it('leaves a summary (almost) as it is', () => {
    fc.assert(
      fc.property(fc.array(records, { minLength: 3, maxLength: 30 }), (items) => {
        const once = compressStructured(JSON.stringify(items, null, 2), {});
        const twice = compressStructured(once.text, {});
        expect(twice.text.length).toBeGreaterThanOrEqual(once.text.length * 0.9);
      }),
      { numRuns: 60 },
    );
  });

  it('copes with a single huge line', () => {
    const line = `{"blob": "${'QUJD'.repeat(150_000)}", "id": 7}`;
    const summary = compressStructured(line, {});
    expect(summary.helped).toBe(true);
    expect(summary.text).toContain('id: 7');
    expect(summary.text.length).toBeLessThan(1_000);
    const raw = 'x'.repeat(600_000);
    expect(compressStructured(raw, {}).text.length).toBeLessThanOrEqual(raw.length);
  });

  it('reduces a 2 MB JSON array quickly and keeps its record keys', () => {
    const items = Array.from({ length: 12_000 }, (_, i) => ({
      id: i,
      name: `item-${i}`,
      status: i === 9_001 ? 'error' : 'ok',
      tags: ['alpha', 'beta', 'gamma'],
      detail: { created: '2025-01-01T00:00:00Z', owner: { login: `user${i % 40}` }, score: i / 7 },
    }));
    const text = JSON.stringify(items, null, 2);
    expect(text.length).toBeGreaterThan(2_000_000);
    const start = performance.now();
    const summary = compressStructured(text, {});
    expect(performance.now() - start).toBeLessThan(3_000);
    expect(summary.text.length).toBeLessThan(text.length * 0.01);
    expect(summary.text).toContain('name: "item-9001"');
    for (const key of topLevelKeys(text)) expect(summary.text).toContain(key);
  });

  it('finishes pathological inputs quickly and never returns a blank summary', () => {
    expectFastAndNeverBlank(compressStructured);
  });
});
