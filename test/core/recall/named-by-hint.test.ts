import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRecallText } from '../../../src/core/recall/format.js';
import { recall } from '../../../src/core/recall/recall.js';
import { hintKey } from '../../../src/core/store/hint-key.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

/** A listing of a project's root, as `ls` prints it. */
function listing(extra: string[]): string {
  return [
    'AUTHORS.rst',
    'CHANGELOG.rst',
    'CODE_OF_CONDUCT.md',
    'LICENSE',
    'setup.py',
    ...extra,
    'src/',
    'tests/',
  ].join('\n');
}

describe("a stub's own recall query names the entry it stands for", () => {
  let t: TempStore;
  const ids: Record<string, string> = {};
  beforeAll(() => {
    t = tempStore();
    // A long build log that says the hint's words many times: it matches the words best.
    const build = Array.from({ length: 300 }, (_, i) => `INFO vat batch module${i} compiled for vat totals`);
    ids['build'] = t.store.ingest(
      entry({ original: build.join('\n'), sourceTool: 'Bash', hint: 'npm run build' }),
    ).id;
    t.advance(60_000);
    // The output the stub stands for: its hint is the query, its words are fewer.
    const failures = [
      'FAILED tests/test_vat.py::test_batch_totals',
      'AssertionError: vat total 1612 != 1613',
    ];
    ids['tests'] = t.store.ingest(
      entry({
        original: failures.join('\n'),
        sourceTool: 'Bash',
        hint: 'pytest tests/test_vat.py vat batch',
      }),
    ).id;
    t.advance(60_000);
    // Two listings of the root, the second a look-alike of the first with one file more.
    ids['ls1'] = t.store.ingest(
      entry({ original: listing([]), sourceTool: 'Bash', hint: 'AUTHORS.rst CHANGELOG.rst' }),
    ).id;
    t.advance(60_000);
    ids['ls2'] = t.store.ingest(
      entry({ original: listing(['reproduce.py']), sourceTool: 'Bash', hint: 'AUTHORS.rst CHANGELOG.rst' }),
    ).id;
  });
  afterAll(() => t.close());

  it('ranks the named entry first and shows it whole, the others by a line each', () => {
    const tokenizer = defaultTokenizer();
    const result = recall(t.store, 'pytest tests/test_vat.py vat batch', SCOPE, { touch: false, tokenizer });
    expect(result.hits[0]?.id).toBe(ids['tests']);
    expect(result.hits[0]?.relevanceSignal).toContain('hint');
    expect(result.hits[0]?.text).toContain('vat total 1612 != 1613');
    const build = result.hits.find((h) => h.id === ids['build']);
    expect(build?.text.split('\n')).toHaveLength(1);
    expect(build?.text.length).toBeLessThanOrEqual(102);
  });

  it('leaves other queries as they were: the best text match first, shown as passages', () => {
    const result = recall(t.store, 'vat batch module12 compiled', SCOPE, { touch: false });
    expect(result.hits[0]?.id).toBe(ids['build']);
    expect(result.hits[0]?.relevanceSignal).not.toContain('hint');
    expect(result.hits[0]?.text.split('\n').length).toBeGreaterThan(1);
  });

  it('matches the hint whatever its case, spacing or quotes', () => {
    const result = recall(t.store, '"PYTEST  tests/test_vat.py vat batch"', SCOPE, { touch: false });
    expect(result.hits[0]?.id).toBe(ids['tests']);
    expect(result.hits[0]?.relevanceSignal).toContain('hint');
  });

  it('shows every entry a shared hint names, a look-alike of another among them', () => {
    const result = recall(t.store, 'AUTHORS.rst CHANGELOG.rst', SCOPE, { touch: false });
    const named = result.hits.filter((h) => h.relevanceSignal.includes('hint')).map((h) => h.id);
    expect(named.sort()).toEqual([ids['ls1'], ids['ls2']].sort());
    expect(result.hits.find((h) => h.id === ids['ls2'])?.text).toContain('reproduce.py');
  });

  it("shows a named entry too long for its room as its summary, not the lines the hint's words pick", () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => `DEBUG cache warm shard ${i} ok`);
    lines[1_500] = 'ERROR shard 1500: checksum mismatch in ledger_2025.db';
    const summary = '[log: 2,000 lines, 1 error]\nERROR shard 1500: checksum mismatch in ledger_2025.db';
    const { id } = t.store.ingest(
      entry({ original: lines.join('\n'), summary, sourceTool: 'Bash', hint: 'warm-cache shard run' }),
    );
    const result = recall(t.store, 'warm-cache shard run', SCOPE, { touch: false, maxTokens: 600 });
    expect(result.hits[0]?.id).toBe(id);
    expect(result.hits[0]?.form).toBe('summary');
    expect(result.hits[0]?.text).toBe(summary);
    // Asked by its words instead, the same entry shows its matched lines.
    const byWords = recall(t.store, 'checksum mismatch ledger', SCOPE, { touch: false, maxTokens: 600 });
    expect(byWords.hits[0]?.id).toBe(id);
    expect(byWords.hits[0]?.form).toBe('snippet');
  });

  it('prints a path signal as a word when the header already names that path', () => {
    const text = formatRecallText({
      hits: [
        {
          id: 'abcd1234',
          class: 'code',
          text: 'x = 1',
          score: 1,
          relevanceSignal: ['path:src/app.ts', 'keyword:app'],
          createdAt: 0,
          sourceTool: 'Read',
          sourcePath: 'src/app.ts',
        },
      ],
      coverage: { entriesScanned: 1 },
      truncated: false,
    });
    expect(text).toContain('  path · keyword:app');
    expect(text.match(/src\/app\.ts/g)).toHaveLength(1);
  });
});

describe('hintKey', () => {
  it('keys a hint without case, runs of spaces or surrounding quotes', () => {
    expect(hintKey(' "Foo  Bar.py"\n')).toBe('foo bar.py');
    expect(hintKey("'x'")).toBe('x');
  });

  it('gives an empty hint no key', () => {
    expect(hintKey('  ""  ')).toBeNull();
  });
});
