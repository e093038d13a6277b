import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryInput, GardenerStore } from '../../../src/core/store/types.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';
import { recall } from '../../../src/core/recall/recall.js';

const PYTEST_FAILURE = `============================= test session starts ==============================
collected 42 items

tests/test_invoice.py ..........F.....
=================================== FAILURES ===================================
______________________________ test_vat_rounding _______________________________
    def test_vat_rounding():
>       assert compute_vat(Decimal("19.99"), rate=Decimal("0.19")) == Decimal("3.80")
E       AssertionError: assert Decimal('3.7981') == Decimal('3.80')
tests/test_invoice.py:88: AssertionError
========================= 1 failed, 41 passed in 0.42s =========================`;

const CONFIG_SOURCE = `import { readFileSync } from 'node:fs';

export function parseConfigFile(path: string): Config {
  const raw = readFileSync(path, 'utf8');
  return validateConfig(JSON.parse(raw));
}
`;

const NPM_LOG = `npm ERR! code ERESOLVE
npm ERR! ERESOLVE unable to resolve dependency tree
npm ERR! peer react@"^18.0.0" from react-dom@18.2.0`;

let t: TempStore;
let store: GardenerStore;
const ids: Record<string, string> = {};

function add(name: string, input: EntryInput): void {
  ids[name] = store.ingest(input).id;
  t.advance(60_000);
}

beforeAll(() => {
  t = tempStore();
  store = t.store;
  add(
    'pytest',
    entry({
      original: PYTEST_FAILURE,
      summary: 'pytest: 1 failed, 41 passed (test_vat_rounding)',
      class: 'log',
      sourceTool: 'Bash',
    }),
  );
  add(
    'config',
    entry({
      original: CONFIG_SOURCE,
      summary: 'fn parseConfigFile(path) → Config',
      class: 'code',
      priority: 60,
      sourceTool: 'Read',
      sourcePath: 'src/config/load_config.ts',
    }),
  );
  add(
    'npm',
    entry({
      original: NPM_LOG,
      summary: 'npm ERESOLVE: peer react',
      class: 'error',
      priority: 80,
      sourceTool: 'Bash',
    }),
  );
  add(
    'prose',
    entry({
      original: 'The rounding rule lives in the VAT module; banks round half-even.',
      class: 'prose',
      priority: 40,
    }),
  );
  add(
    'other-session',
    entry({
      original: 'kubernetes rollout of the billing service finished',
      scope: { ...SCOPE, session: 'session-2' },
    }),
  );
  add(
    'other-project',
    entry({
      original: 'test_vat_rounding also fails in the legacy app',
      scope: { project: '/work/legacy', session: 's' },
    }),
  );
  add('latest', entry({ original: 'dev server listening on port 5173' }));
  ids['vat-note'] = store.note(SCOPE, 'VAT is always rounded half-even to cents', { tags: ['vat'] }).id;
});
afterAll(() => t.close());

const hitIds = (query: string, options = {}) =>
  recall(store, query, SCOPE, { touch: false, ...options }).hits.map((h) => h.id);

describe('recall: matching', () => {
  it('finds a failing test by its name, with keyword signals', () => {
    const result = recall(store, 'test_vat_rounding failure', SCOPE, { touch: false });
    expect(result.hits[0]?.id).toBe(ids['pytest']);
    expect(result.hits[0]?.relevanceSignal).toEqual(
      expect.arrayContaining([expect.stringMatching(/^keyword:/)]),
    );
    expect(result.hits[0]?.text).toContain('test_vat_rounding');
  });

  it('matches camelCase parts: "config file" finds parseConfigFile', () => {
    expect(hitIds('config file')[0]).toBe(ids['config']);
  });

  it('finds one of many numbered files by its whole name in a small store', () => {
    const numbered = tempStore();
    try {
      const fileIds = new Map<number, string>();
      for (let i = 0; i < 24; i++)
        fileIds.set(
          i,
          numbered.store.ingest(
            entry({
              original: `job ${i} log: ${Array.from({ length: 30 }, (_, j) => `job ${j} ok, log line ${j}`).join('\n')}`,
              sourceTool: 'read',
              sourcePath: `job_${i}.log`,
              class: 'log',
            }),
          ).id,
        );
      const hits = recall(numbered.store, 'what did job_7.log say', SCOPE, { touch: false }).hits;
      expect(hits[0]?.id).toBe(fileIds.get(7));
    } finally {
      numbered.close();
    }
  });

  it('of two entries that match alike, ranks first the one that names files', () => {
    const two = tempStore();
    try {
      const named = two.store.ingest(
        entry({ original: 'deploy step finished: uploaded build/app.js build/vendor.js src/main.css' }),
      ).id;
      two.advance(60_000);
      const plain = two.store.ingest(
        // As long, with as many dotted words, but none of them a file.
        entry({ original: 'deploy step finished: uploaded web/site.bundle web/site.vendor web/site.styles' }),
      ).id;
      const hits = recall(two.store, 'deploy step finished', SCOPE, { touch: false }).hits;
      expect(hits.map((h) => h.id)).toEqual([named, plain]);
      // An entry stored before names were counted is neither favoured nor held back.
      const db = new Database(two.path);
      db.prepare('UPDATE entries SET names = NULL WHERE id = ?').run(named);
      db.close();
      const again = recall(two.store, 'deploy step finished', SCOPE, { touch: false }).hits;
      expect(again[0]?.score).toBeCloseTo(again[1]?.score ?? 0, 1);
    } finally {
      two.close();
    }
  });

  it('finds one of many numbered files by its whole name in a large store too', () => {
    const large = tempStore();
    try {
      const db = large.store;
      // Over 2,000 entries: phrases of common words are no longer searched, so the name's key does the work.
      for (let i = 0; i < 2_100; i++)
        db.ingest(
          entry({
            original: `job ${i % 50} log line ${i}: worker ${i % 7} ok`,
            scope: { ...SCOPE, session: 'filler' },
          }),
        );
      const fileIds = new Map<number, string>();
      for (let i = 0; i < 24; i++)
        fileIds.set(
          i,
          db.ingest(
            entry({
              original: `cat job_${i}.log\n${Array.from({ length: 20 }, (_, j) => `job ${j} ok, log line ${j}`).join('\n')}`,
              sourceTool: 'Bash',
              class: 'log',
            }),
          ).id,
        );
      const hits = recall(db, 'what did job_7.log say', SCOPE, { touch: false }).hits;
      expect(hits[0]?.id).toBe(fileIds.get(7));
    } finally {
      large.close();
    }
  });

  it('matches a snake_case identifier and a path by its segments', () => {
    expect(hitIds('load_config')[0]).toBe(ids['config']);
    const result = recall(store, 'src/config/load_config.ts', SCOPE, { touch: false });
    expect(result.hits[0]?.id).toBe(ids['config']);
    expect(result.hits[0]?.relevanceSignal).toContain('path:src/config/load_config.ts');
  });

  it('matches an error code and returns a snippet of the original around it', () => {
    const hit = recall(store, 'ERESOLVE peer dependency', SCOPE, { touch: false }).hits[0];
    expect(hit?.id).toBe(ids['npm']);
    expect(hit?.form).toBe('snippet');
    expect(hit?.text).toContain('ERESOLVE');
  });

  it('returns whole originals with full', () => {
    const hit = recall(store, 'parseConfigFile', SCOPE, { full: true, touch: false }).hits[0];
    expect(hit).toMatchObject({ id: ids['config'], form: 'original', text: CONFIG_SOURCE });
  });

  it('ranks a matching note high and marks it', () => {
    const hits = recall(store, 'VAT rounding half-even', SCOPE, { touch: false }).hits;
    const note = hits.find((h) => h.isNote);
    expect(note?.id).toBe(ids['vat-note']);
    expect(note?.relevanceSignal[0]).toBe('note');
    expect(hits.indexOf(note!)).toBeLessThanOrEqual(1);
  });

  it('filters by class', () => {
    expect(hitIds('rounding', { class: 'log' })).toEqual([ids['pytest']]);
    expect(hitIds('rounding', { class: ['prose', 'error'] })).toEqual([ids['prose']]);
  });

  it('honours the limit', () => {
    expect(hitIds('the', { limit: 1 }).length).toBeLessThanOrEqual(1);
    expect(hitIds('rounding vat config npm', { limit: 2 })).toHaveLength(2);
  });

  it('finds nothing for a query with nothing to search for (empty, punctuation, stopwords)', () => {
    for (const query of ['', '  ?? ', '!!! --- ...', 'the a of'])
      expect(recall(store, query, SCOPE, { touch: false, limit: 2 }).hits).toEqual([]);
  });

  it('finds nothing for words the store has never seen', () => {
    expect(recall(store, 'xylophone quartz', SCOPE).hits).toEqual([]);
  });
});

describe('recall: a growing store', () => {
  it('finds a word asked for before any entry held it, once one does', () => {
    const growing = tempStore();
    try {
      for (let i = 0; i < 40; i++)
        growing.store.ingest(entry({ original: `build ${i} finished in ${100 + i} ms, all green` }));
      expect(recall(growing.store, 'zebrafish fixture', SCOPE, { touch: false }).hits).toEqual([]);
      const { id } = growing.store.ingest(
        entry({ original: 'loaded the zebrafish fixture from tests/data' }),
      );
      expect(recall(growing.store, 'zebrafish fixture', SCOPE, { touch: false }).hits[0]?.id).toBe(id);
    } finally {
      growing.close();
    }
  });
});

describe('recall: the hint a stub prints', () => {
  it('finds the entry it was made for first, among others that hold the same words', () => {
    const two = tempStore();
    try {
      const read = (range: string, body: string, hint?: string) =>
        two.store.ingest(
          entry({
            original: `src/shop/app.py lines ${range}\n${body}`,
            summary: `lines ${range} of app.py`,
            class: 'code',
            sourceTool: 'Read',
            sourcePath: 'src/shop/app.py',
            ...(hint ? { hint } : {}),
          }),
        ).id;
      // Two reads of the same file, alike for the words of the hint: the text alone cannot tell them apart.
      read('1-40', 'VAT_RATE = 0.19  # rate one');
      const later = read('81-99', 'VAT_RATE = 0.21  # rate two', 'app.py VAT_RATE');
      expect(recall(two.store, 'app.py VAT_RATE', SCOPE, { touch: false }).hits[0]?.id).toBe(later);
    } finally {
      two.close();
    }
  });
});

describe('recall: scope', () => {
  it('sees every session of the project, but never another project unless named', () => {
    expect(hitIds('kubernetes rollout')).toEqual([ids['other-session']]);
    expect(hitIds('legacy app')).toEqual([]);
    expect(hitIds('legacy app', { scope: { projects: ['/work/legacy'] } })).toEqual([ids['other-project']]);
  });

  it('sees only the current session when asked', () => {
    expect(hitIds('kubernetes rollout', { scope: { sessionOnly: true } })).toEqual([]);
    expect(hitIds('kubernetes rollout', { scope: { sessionOnly: true, session: 'session-2' } })).toEqual([
      ids['other-session'],
    ]);
  });

  it('reports coverage: entries searched and their time range', () => {
    const { coverage } = recall(store, 'vat', SCOPE, { touch: false });
    expect(coverage.entriesScanned).toBe(6);
    expect(coverage.from).toBe(Date.UTC(2025, 0, 1));
    expect(coverage.to).toBe(Date.UTC(2025, 0, 1) + 6 * 60_000);
  });

  it('returns nothing, without failing, for a project that does not exist yet', () => {
    expect(recall(store, 'anything', { project: '/nowhere', session: 's' })).toEqual({
      hits: [],
      coverage: { entriesScanned: 0 },
      truncated: false,
    });
  });
});

describe('recall: budget and side effects', () => {
  it('cuts the returned texts to the token budget and says so', () => {
    const long = Array.from({ length: 300 }, (_, i) => `migration step ${i}: altered table orders_${i}`).join(
      '\n',
    );
    const { id } = store.ingest(entry({ original: long, scope: { project: '/work/budget', session: 's' } }));
    const scope = { project: '/work/budget', session: 's' };
    const result = recall(store, 'migration orders', scope, { full: true, maxTokens: 120, touch: false });
    expect(result.truncated).toBe(true);
    expect(result.hits[0]?.id).toBe(id);
    expect(result.hits[0]?.text.startsWith('migration step 0')).toBe(true);
    expect(result.hits[0]?.text).toContain(`cut to fit the recall budget; \`gardener show ${id}\``);
    expect(defaultTokenizer().count(result.hits[0]?.text ?? '')).toBeLessThanOrEqual(120);
  });

  it('refreshes the last access of what it returns', () => {
    const before = store.fetch(ids['npm'] ?? '')?.lastAccess ?? 0;
    t.advance(1_000);
    recall(store, 'ERESOLVE', SCOPE);
    expect(store.fetch(ids['npm'] ?? '')?.lastAccess).toBeGreaterThan(before);
  });

  it('rejects a bad limit or class with a usage error', () => {
    expect(() => recall(store, 'x', SCOPE, { limit: 0 })).toThrow(/limit/);
    expect(() => recall(store, 'x', SCOPE, { class: 'poem' as never })).toThrow(/unknown class/);
  });

  it('never fails on any query text, FTS syntax included (property)', () => {
    const syntax = fc.constantFrom(
      '"',
      "'",
      '*',
      '^',
      ':',
      '(',
      ')',
      '{',
      '}',
      'AND',
      'OR',
      'NOT',
      'NEAR(',
      '-',
      '+',
      '\\',
      '\u0000',
      '🌱',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(syntax, fc.string({ maxLength: 12 })), { maxLength: 20 }), (parts) => {
        const result = recall(store, parts.join(' '), SCOPE, { touch: false });
        expect(Array.isArray(result.hits)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
