import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { GardenerError } from '../../../src/errors.js';
import { entry, SCOPE, tempStore, type TempStore } from './support.js';
import { recall } from '../../../src/core/recall/recall.js';

let t: TempStore | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

function open(options: Parameters<typeof tempStore>[0] = {}): TempStore {
  t = tempStore(options);
  return t;
}

describe('store: ingest and fetch', () => {
  it('returns the original byte for byte, with its summary and metadata', () => {
    const { store } = open();
    const original = 'héllo wörld 🌱\r\n\ttabs, trailing spaces   \n\u0000nul and \u2028 separators\n';
    const { id, deduplicated, redactions } = store.ingest(
      entry({
        original,
        summary: 'greeting',
        class: 'prose',
        sourceTool: 'Read',
        sourcePath: 'docs/a.md',
        priority: 40,
        blockKey: 'toolu_1',
      }),
    );
    expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{8}$/);
    expect(deduplicated).toBe(false);
    expect(redactions).toBe(0);
    const got = store.fetch(id);
    expect(got?.original).toBe(original);
    expect(got).toMatchObject({
      id,
      scope: SCOPE,
      class: 'prose',
      kind: 'text',
      summary: 'greeting',
      sourceTool: 'Read',
      sourcePath: 'docs/a.md',
      priority: 40,
      active: true,
      createdAt: Date.UTC(2025, 0, 1),
    });
  });

  it('round-trips large texts that are stored compressed', () => {
    const { store } = open();
    const original = Array.from({ length: 5_000 }, (_, i) => `line ${i}: value=${(i * 7919) % 1000} ok`).join(
      '\n',
    );
    const { id } = store.ingest(entry({ original }));
    expect(store.fetch(id)?.original).toBe(original);
  });

  it('round-trips any well-formed text (property)', () => {
    const { store } = open({ redact: false });
    let run = 0;
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 0, maxLength: 2_000 }),
        fc.string({ maxLength: 200 }),
        (text, summary) => {
          // A distinct prefix per run: identical originals would be deduplicated (first summary kept).
          const original = `${run++}\n${text}`;
          const { id } = store.ingest(entry({ original, summary }));
          const got = store.fetch(id);
          expect(got?.original).toBe(original);
          expect(got?.summary).toBe(summary);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('deduplicates identical content within a project, and only there', () => {
    const { store } = open();
    const first = store.ingest(entry({ original: 'same output', priority: 20 }));
    const again = store.ingest(
      entry({ original: 'same output', priority: 70, scope: { ...SCOPE, session: 'session-2' } }),
    );
    expect(again).toMatchObject({ id: first.id, deduplicated: true });
    expect(store.fetch(first.id)?.priority).toBe(70);
    const elsewhere = store.ingest(
      entry({ original: 'same output', scope: { project: '/work/other', session: 's' } }),
    );
    expect(elsewhere.deduplicated).toBe(false);
    expect(elsewhere.id).not.toBe(first.id);
    expect(store.stats({ project: SCOPE.project }).entries).toBe(1);
  });

  it('finds an entry by block key in every session that holds the block', () => {
    const { store } = open();
    const { id } = store.ingest(entry({ original: 'a tool result', blockKey: 'toolu_A' }));
    store.ingest(
      entry({ original: 'a tool result', blockKey: 'toolu_B', scope: { ...SCOPE, session: 'session-2' } }),
    );
    expect(store.findByBlockKey(SCOPE, 'toolu_A')?.id).toBe(id);
    expect(store.findByBlockKey({ ...SCOPE, session: 'session-2' }, 'toolu_B')?.id).toBe(id);
    expect(store.findByBlockKey(SCOPE, 'toolu_B')).toBeUndefined();
    expect(store.findByBlockKey({ project: 'nope', session: 'x' }, 'toolu_A')).toBeUndefined();
  });

  it('stores nothing when the input is invalid, and says what is wrong', () => {
    const { store } = open();
    const bad = [
      entry({ original: 'x', class: 'poem' as never }),
      entry({ original: 'x', tokensOriginal: -1 }),
      entry({ original: 'x', tokensSummary: 1.5 }),
      entry({ original: 'x', priority: Number.NaN }),
      entry({ original: 'x', ttlMs: 0 }),
      entry({ original: 'x', scope: { project: '', session: 's' } }),
    ];
    for (const input of bad) expect(() => store.ingest(input)).toThrow(GardenerError);
    expect(store.stats().entries).toBe(0);
  });

  it('stores original and summary in one transaction: a failure half-way leaves nothing', () => {
    const t = open();
    // A trigger that fails the last statement of an ingest, after the entry row went in.
    const other = new Database(t.path);
    other.exec(
      `CREATE TRIGGER fail_link BEFORE INSERT ON blocks BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`,
    );
    expect(() => t.store.ingest(entry({ original: 'half-way entry', summary: 'half' }))).toThrow(
      /disk on fire/,
    );
    other.exec('DROP TRIGGER fail_link');
    other.close();
    expect(t.store.stats().entries).toBe(0);
    expect(recall(t.store, 'half-way', SCOPE).hits).toEqual([]);
    const { id } = t.store.ingest(entry({ original: 'half-way entry', summary: 'half' }));
    expect(t.store.fetch(id)?.summary).toBe('half');
  });

  it('clamps priority to 0–100', () => {
    const { store } = open();
    expect(store.fetch(store.ingest(entry({ original: 'a', priority: 250 })).id)?.priority).toBe(100);
    expect(store.fetch(store.ingest(entry({ original: 'b', priority: -3 })).id)?.priority).toBe(0);
  });

  it('returns undefined for an unknown id and accepts ids in any case', () => {
    const { store } = open();
    const { id } = store.ingest(entry({ original: 'x' }));
    expect(store.fetch('zzzzzzzz')).toBeUndefined();
    expect(store.fetch(` ${id.toUpperCase()} `)?.id).toBe(id);
    expect(store.fetch(`id=${id}`)?.id).toBe(id);
  });
});

describe('store: secrets', () => {
  it('redacts secrets in original and summary before storing, and counts them', () => {
    const { store } = open();
    const key = 'AKIA' + 'IOSFODNN7EXAMPLE';
    const { id, redactions } = store.ingest(
      entry({ original: `export AWS_ACCESS_KEY_ID=${key}\nDB_PASSWORD=hunter2x`, summary: `uses ${key}` }),
    );
    expect(redactions).toBe(3);
    const got = store.fetch(id);
    expect(got?.original).not.toContain(key);
    expect(got?.original).not.toContain('hunter2x');
    expect(got?.summary).toBe('uses [REDACTED:aws-access-key]');
    expect(got?.redactions).toBe(3);
    expect(store.stats().redactions).toBe(3);
    expect(recall(store, 'AKIAIOSFODNN7EXAMPLE', SCOPE).hits).toEqual([]);
  });

  it("indexes the producing call's words, redacted", () => {
    const { store, path: file } = open();
    const key = 'AKIA' + 'IOSFODNN7EXAMPLE';
    store.ingest(
      entry({
        original: 'bucket-a\nbucket-b\nbucket-c',
        call: `AWS_ACCESS_KEY_ID=${key} aws s3 ls --profile staging`,
      }),
    );
    expect(recall(store, 'which buckets does staging have', SCOPE).hits).toHaveLength(1);
    expect(recall(store, 'AKIAIOSFODNN7EXAMPLE', SCOPE).hits).toEqual([]);
    const db = new Database(file, { readonly: true });
    const terms = db.prepare('SELECT terms FROM entries').pluck().all() as string[];
    db.close();
    expect(terms.join(' ')).not.toContain(key);
    expect(() => store.ingest(entry({ original: 'x', call: 42 as unknown as string }))).toThrow(
      /call must be a string/,
    );
    expect(() => store.ingest(entry({ original: 'x', hint: ['a'] as unknown as string }))).toThrow(
      /hint must be a string/,
    );
  });

  it('stores secrets as given when redaction is turned off', () => {
    const { store } = open({ redact: false });
    const original = 'DB_PASSWORD=hunter2x';
    expect(store.fetch(store.ingest(entry({ original })).id)?.original).toBe(original);
  });
});

describe('store: forget, touch, TTL', () => {
  it('forget leaves an entry fetchable but out of recall', () => {
    const { store } = open();
    const { id } = store.ingest(entry({ original: 'kubectl rollout status deployment/web' }));
    expect(recall(store, 'rollout', SCOPE).hits.map((h) => h.id)).toEqual([id]);
    expect(store.forget(id)).toBe(true);
    expect(recall(store, 'rollout', SCOPE).hits).toEqual([]);
    expect(store.fetch(id)).toMatchObject({ id, active: false });
    expect(store.forget('zzzzzzzz')).toBe(false);
  });

  it('forget lasts: the same content ingested again stays forgotten and says so', () => {
    const { store } = open();
    const { id } = store.ingest(entry({ original: 'kubectl rollout status deployment/web' }));
    store.forget(id);
    const again = store.ingest(entry({ original: 'kubectl rollout status deployment/web' }));
    expect(again).toMatchObject({ id, deduplicated: true, forgotten: true });
    expect(recall(store, 'rollout', SCOPE).hits).toEqual([]);
    expect(store.fetch(id)?.active).toBe(false);
  });

  it('an expired entry seen again comes back (expiry is not forgetting)', () => {
    const t = open();
    const { id } = t.store.ingest(entry({ original: 'kubectl rollout status deployment/api', ttlMs: 1_000 }));
    t.advance(2_000);
    expect(t.store.expire()).toBe(1);
    expect(
      t.store.ingest(entry({ original: 'kubectl rollout status deployment/api' })).forgotten,
    ).toBeUndefined();
    expect(recall(t.store, 'rollout', SCOPE).hits.map((h) => h.id)).toEqual([id]);
  });

  it('touch refreshes the last access', () => {
    const t = open();
    const { id } = t.store.ingest(entry({ original: 'x' }));
    t.advance(60_000);
    t.store.touch(id);
    expect(t.store.fetch(id)?.lastAccess).toBe(Date.UTC(2025, 0, 1) + 60_000);
  });

  it('expire soft-deletes entries past their TTL, and recall never shows them', () => {
    const t = open();
    const short = t.store.ingest(entry({ original: 'ephemeral progress line', ttlMs: 1_000 })).id;
    const keep = t.store.ingest(entry({ original: 'durable progress line' })).id;
    t.advance(2_000);
    expect(recall(t.store, 'progress', SCOPE).hits.map((h) => h.id)).toEqual([keep]);
    expect(t.store.expire()).toBe(1);
    expect(t.store.fetch(short)?.active).toBe(false);
    expect(t.store.expire()).toBe(0);
  });
});

describe('store: notes, manifest, session state, stats', () => {
  it('keeps notes with tags, lists them newest first, pinned ones on request', () => {
    const t = open();
    const a = t.store.note(SCOPE, 'deploys go through scripts/release.sh', { tags: ['#deploy', 'ops team'] });
    t.advance(1);
    const b = t.store.note(SCOPE, 'the staging DB is read-only on Fridays', { pinned: true });
    expect(a.id).toMatch(/^n[0-9a-z]{8}$/);
    expect(a.tags).toEqual(['deploy', 'ops-team']);
    expect(t.store.notes(SCOPE).map((n) => n.id)).toEqual([b.id, a.id]);
    expect(t.store.notes(SCOPE, { pinnedOnly: true }).map((n) => n.id)).toEqual([b.id]);
    expect(t.store.notes({ project: '/elsewhere', session: 'x' })).toEqual([]);
    expect(t.store.getNote(a.id)?.text).toBe('deploys go through scripts/release.sh');
    expect(t.store.forget(a.id)).toBe(true);
    expect(t.store.notes(SCOPE).map((n) => n.id)).toEqual([b.id]);
  });

  it('refuses an empty note', () => {
    const { store } = open();
    expect(() => store.note(SCOPE, '   ')).toThrow(/needs some text/);
  });

  it('records attachments by hash per project, first one wins', () => {
    const { store } = open();
    const { id } = store.ingest(entry({ original: '{"type":"image"}', kind: 'media' }));
    store.manifestPut(SCOPE, { hash: 'abc', entryId: id, mediaType: 'image/png', bytes: 1234 });
    store.manifestPut(SCOPE, { hash: 'abc', entryId: id, mediaType: 'image/jpeg', bytes: 1 });
    expect(store.manifestGet(SCOPE, 'abc')).toMatchObject({
      hash: 'abc',
      entryId: id,
      mediaType: 'image/png',
      bytes: 1234,
    });
    expect(store.manifestGet({ project: 'other', session: 's' }, 'abc')).toBeUndefined();
    expect(() =>
      store.manifestPut(SCOPE, { hash: 'x', entryId: 'zzzzzzzz', mediaType: 'image/png', bytes: 1 }),
    ).toThrow(/no entry/);
  });

  it('keeps session state per session', () => {
    const { store } = open();
    store.sessionStateSet(SCOPE, 'budget', '100000');
    store.sessionStateSet(SCOPE, 'budget', '120000');
    expect(store.sessionStateGet(SCOPE, 'budget')).toBe('120000');
    expect(store.sessionStateGet({ ...SCOPE, session: 'other' }, 'budget')).toBeUndefined();
  });

  it('stores a large session-state value deflated and gives the same text back', () => {
    const { store, path } = open();
    const big = JSON.stringify({ output: 'PASS src/app.test.ts (12 ms)\n'.repeat(100_000) });
    store.sessionStateSet(SCOPE, 'chat.m.0', big);
    expect(store.sessionStateGet(SCOPE, 'chat.m.0')).toBe(big);
    const db = new Database(path, { readonly: true });
    try {
      const row = db
        .prepare("SELECT length(value) AS bytes FROM session_state WHERE key = 'chat.m.0'")
        .get() as {
        bytes: number;
      };
      expect(row.bytes).toBeLessThan(big.length / 10);
    } finally {
      db.close();
    }
  });

  it('redacts secrets in each string of a JSON session-state value, keeping it valid JSON', () => {
    const { store } = open();
    const value = JSON.stringify({ content: 'export DB_PASSWORD="hunter2-correct"\nok', n: 1 });
    store.sessionStateSet(SCOPE, 'chat.m.0', value);
    const stored = JSON.parse(store.sessionStateGet(SCOPE, 'chat.m.0') ?? '') as {
      content: string;
      n: number;
    };
    expect(stored).toEqual({ content: 'export DB_PASSWORD="[REDACTED:password]"\nok', n: 1 });
  });

  it('counts entries and tokens by class, per project and per session', () => {
    const { store } = open();
    store.ingest(entry({ original: 'a', class: 'log', tokensOriginal: 1_000, tokensSummary: 100 }));
    store.ingest(
      entry({ original: 'b', class: 'code', tokensOriginal: 500, tokensSummary: 200, priority: 60 }),
    );
    store.ingest(
      entry({
        original: 'c',
        class: 'log',
        tokensOriginal: 10,
        tokensSummary: 10,
        scope: { ...SCOPE, session: 's2' },
      }),
    );
    store.ingest(entry({ original: 'd', scope: { project: 'other', session: 's' } }));
    const project = store.stats({ project: SCOPE.project });
    expect(project.entries).toBe(3);
    expect(project.byClass.log).toEqual({ count: 2, tokensOriginal: 1_010, tokensSummary: 110 });
    expect(project.byClass.code).toEqual({ count: 1, tokensOriginal: 500, tokensSummary: 200 });
    expect(project.evictionCandidates).toBe(1);
    expect(store.stats(SCOPE).entries).toBe(2);
    expect(store.stats().entries).toBe(4);
    expect(store.stats().databaseBytes).toBeGreaterThan(0);
  });
});

describe('store: file', () => {
  it('creates the database with mode 0600 and passes its integrity check', () => {
    const t = open();
    t.store.ingest(entry({ original: 'x' }));
    expect(statSync(t.path).mode & 0o777).toBe(0o600);
    expect(t.store.check()).toEqual([]);
  });
});
