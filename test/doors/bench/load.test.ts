import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSessions } from '../../../src/doors/bench/load.js';
import { runBench, type SourceItem } from '../../../src/doors/bench/run.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const fixtures = 'test/fixtures/bench';

async function load(
  paths: string[],
  extra: { sessions?: string; limit?: number } = {},
): Promise<SourceItem[]> {
  const items: SourceItem[] = [];
  for await (const item of loadSessions(paths, { cwd: repoRoot, ...extra })) items.push(item);
  return items;
}

describe('loadSessions', () => {
  it('reads sessions from files and folders and skips bad files with the reason', async () => {
    const items = await load([fixtures, `${fixtures}/notes.txt`, `${fixtures}/missing.json`]);
    const sessions = items.flatMap((i) => (i.type === 'session' ? [i.session.label] : []));
    const skipped = items.flatMap((i) => (i.type === 'skip' ? [`${i.source}: ${i.reason}`] : []));
    expect(sessions).toEqual([`${fixtures}/twelve-calls.json`]);
    expect(skipped).toHaveLength(3);
    expect(skipped[0]).toMatch(/^test\/fixtures\/bench\/broken\.jsonl: invalid JSON at line 2/);
    expect(skipped[1]).toMatch(/^test\/fixtures\/bench\/notes\.txt: /);
    expect(skipped[2]).toBe(`${fixtures}/missing.json: no such file or folder`);
  });

  it('gives the built-in sessions when no path is given, filtered by glob and limit', async () => {
    const all = await load([]);
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.every((i) => i.type === 'session')).toBe(true);
    const picked = await load([], { sessions: '*retry*' });
    expect(picked.map((i) => (i.type === 'session' ? i.session.label : ''))).toEqual([
      'builtin/builtin-retry-config',
    ]);
    expect(await load([], { limit: 2 })).toHaveLength(2);
  });
});

describe('a session’s name does not depend on where the run starts', () => {
  const from = async (cwd: string) => {
    const sessions = [];
    for await (const item of loadSessions([path.join(repoRoot, fixtures)], { cwd }))
      if (item.type === 'session') sessions.push(item.session);
    return sessions;
  };

  it('names each session by its path inside the folder given, whatever the working directory', async () => {
    const [atRoot, deeper] = [await from(repoRoot), await from(path.join(repoRoot, 'test/doors'))];
    expect(atRoot.map((s) => s.label)).toEqual([`${fixtures}/twelve-calls.json`]);
    expect(deeper.map((s) => s.label)).toEqual(['../fixtures/bench/twelve-calls.json']);
    expect(deeper.map((s) => s.name)).toEqual(['twelve-calls.json']);
    expect(atRoot.map((s) => s.name)).toEqual(deeper.map((s) => s.name));
  });

  it('gives the gardener the same stubs and the same bill from two working directories', async () => {
    const bill = async (cwd: string) => {
      const run = runBench(
        (await from(cwd)).map((session) => ({ type: 'session' as const, session })),
        { strategies: ['gardener'], window: 1_000, budget: 700, maskKeep: 3, cache: { minTokens: 0 } },
      );
      let step = await run.next();
      while (!step.done) step = await run.next();
      // Everything but the timing, which no run repeats.
      return { ...step.value.totals.find((t) => t.strategy === 'gardener')!, ms: null };
    };
    const [atRoot, deeper] = [await bill(repoRoot), await bill(path.join(repoRoot, 'test/doors'))];
    expect(atRoot.events).toBeGreaterThan(0);
    expect(deeper).toEqual(atRoot);
  });
});
