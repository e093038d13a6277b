import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSessions } from '../../../src/doors/bench/load.js';
import type { SourceItem } from '../../../src/doors/bench/run.js';

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
