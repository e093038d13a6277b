import { afterAll, describe, expect, it } from 'vitest';
import { agentSession, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('compactAll', () => {
  it('summarises every eligible block above minTokens in one event and reports by class', () => {
    const g = garden(store, 1_000_000, { inject: 'off' });
    g.sync(agentSession(8, { lines: 40 }));
    const result = g.compactAll({ minTokens: 200, keepLastTurns: 1 });
    expect(result.event?.kind).toBe('compact-all');
    const stats = g.classStats();
    expect(stats.log?.blocks).toBe(8);
    expect(stats.log?.summaries).toBe(7); // the last turn is kept
    expect(stats.log!.tokensAfter).toBeLessThan(stats.log!.tokensBefore / 2);
    expect(stats.prompt?.summaries).toBe(0);
    expect(g.render().messages.at(-1)).toEqual(agentSession(8, { lines: 40 }).messages.at(-1));
  });

  it('keeps no turn whole at keepLastTurns 0, the newest tool result included', () => {
    const g = garden(store, 1_000_000, { inject: 'off' });
    const session = agentSession(8, { lines: 40 });
    g.sync(session);
    g.compactAll({ minTokens: 200, keepLastTurns: 0 });
    expect(g.classStats().log?.summaries).toBe(8);
    const newest = g.render().messages.at(-1)?.content;
    expect(newest).not.toEqual(session.messages.at(-1)?.content);
    expect(JSON.stringify(newest)).toContain('[gardener: log summary');
  });

  it('leaves blocks under minTokens alone', () => {
    const g = garden(store, 1_000_000, { inject: 'off' });
    g.sync(agentSession(8, { lines: 40 }));
    expect(g.compactAll({ minTokens: 1_000_000, keepLastTurns: 0 })).toMatchObject({ changed: 0 });
  });
});
