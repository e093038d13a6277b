import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_FOLD, sourceOf } from '../../../src/doors/bench/folds.js';
import { loadSessions } from '../../../src/doors/bench/load.js';
import { foldedFixtureReport } from './report/report-fixture.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const fixture = path.join(repoRoot, 'test/fixtures/bench/twelve-calls.json');
const root = mkdtempSync(path.join(tmpdir(), 'gardener-folds-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sourceOf', () => {
  it('is the first folder below the root, however deep the file', () => {
    expect(sourceOf('/data/sessions', '/data/sessions/swe-agent/a/b/run.traj')).toBe('swe-agent');
    expect(sourceOf('/data/sessions/', '/data/sessions/aider/history.md')).toBe('aider');
  });

  it('puts a file at the root, or outside it, in the root fold', () => {
    expect(sourceOf('/data/sessions', '/data/sessions/one.jsonl')).toBe(ROOT_FOLD);
    expect(sourceOf('/data/sessions', '/elsewhere/x/one.jsonl')).toBe(ROOT_FOLD);
  });
});

describe('loadSessions', () => {
  mkdirSync(path.join(root, 'claude-code-log/project'), { recursive: true });
  mkdirSync(path.join(root, 'swe-agent'), { recursive: true });
  cpSync(fixture, path.join(root, 'claude-code-log/project/a.json'));
  cpSync(fixture, path.join(root, 'swe-agent/b.json'));
  cpSync(fixture, path.join(root, 'c.json'));

  const folds = async (given: string, options: { folds?: 'source' | 'none' } = {}) => {
    const found: Array<[string, string | undefined]> = [];
    for await (const item of loadSessions([given], { cwd: root, ...options }))
      if (item.type === 'session') found.push([path.basename(item.session.label), item.session.fold]);
    return found.sort();
  };

  it('marks each session with the source folder it was found in', async () => {
    expect(await folds(root)).toEqual([
      ['a.json', 'claude-code-log'],
      ['b.json', 'swe-agent'],
      ['c.json', ROOT_FOLD],
    ]);
  });

  it('counts folds from the folder given, and leaves them out with folds: none', async () => {
    expect(await folds(path.join(root, 'claude-code-log'))).toEqual([['a.json', 'project']]);
    expect(await folds(root, { folds: 'none' })).toEqual([
      ['a.json', undefined],
      ['b.json', undefined],
      ['c.json', undefined],
    ]);
  });
});

describe('fold reports', () => {
  it("aggregates each fold's sessions with 10 calls or more, its cost ratios to its own raw", async () => {
    const report = await foldedFixtureReport();
    expect(report.folds.map((f) => [f.fold, f.sessions, f.aggregatedSessions])).toEqual([
      ['alpha', 1, 1],
      ['beta', 2, 1],
    ]);
    expect(report.sessions.map((s) => s.fold)).toEqual(['alpha', 'beta', 'beta']);
    for (const fold of report.folds) {
      const session = report.sessions.find((s) => s.fold === fold.fold && s.aggregated);
      expect(fold.totals).toEqual(session?.strategies);
    }
    const raw = (i: number) => report.folds[i]?.totals.find((f) => f.strategy === 'raw')?.cost ?? 0;
    expect(raw(0) + raw(1)).toBeCloseTo(report.totals.find((f) => f.strategy === 'raw')?.cost ?? 0, 2);
    expect(raw(1)).toBeGreaterThan(raw(0));
  });
});
