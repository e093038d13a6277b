import { describe, expect, it } from 'vitest';
import { runBench, type BenchEvent, type SourceItem } from '../../../src/doors/bench/run.js';
import { toBenchSession } from '../../../src/doors/bench/session.js';
import type { Transcript } from '../../../src/core/transcript/types.js';
import { twelveCallTranscript, wordTokenizer } from './support.js';

async function collect(
  items: SourceItem[],
  strategies: Parameters<typeof runBench>[1]['strategies'],
): Promise<BenchEvent[]> {
  const events: BenchEvent[] = [];
  for await (const event of runBench(items, {
    strategies,
    window: 250,
    maskKeep: 3,
    tokenizer: wordTokenizer,
    cache: { minTokens: 0 },
  }))
    events.push(event);
  return events;
}

describe('runBench', () => {
  it('yields skips, start, per-session progress and results, then the report', async () => {
    const t = twelveCallTranscript();
    const events = await collect(
      [
        { type: 'skip', source: 'bad.jsonl', reason: 'invalid JSON' },
        { type: 'session', session: toBenchSession(t, 'a') },
      ],
      ['mask'],
    );
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('skip');
    expect(types[1]).toBe('start');
    expect(types[2]).toBe('session-start');
    expect(types.filter((x) => x === 'progress').length).toBeGreaterThan(0);
    expect(types.slice(-2)).toEqual(['session-done', 'done']);
    const done = events[events.length - 1];
    if (done?.type !== 'done') throw new Error('no report');
    expect(done.report.strategies).toEqual(['raw', 'mask']); // raw always runs: the baseline
    expect(done.report.totals.map((f) => [f.strategy, f.costRatio])).toEqual([
      ['raw', 1],
      ['mask', 1393.25 / 406.15],
    ]);
    expect(done.report.sessions[0]?.series['raw']).toHaveLength(12);
  });

  it('reports sessions with fewer than 10 calls without aggregating them', async () => {
    const t = twelveCallTranscript();
    const short: Transcript = { ...t, id: 'short', messages: t.messages.slice(0, 10) };
    const events = await collect([{ type: 'session', session: toBenchSession(short, 'short') }], ['raw']);
    const done = events[events.length - 1];
    if (done?.type !== 'done') throw new Error('no report');
    expect(done.report.sessions[0]).toMatchObject({ calls: 5, aggregated: false });
    expect(done.report.aggregatedSessions).toBe(0);
    expect(done.report.totals[0]).toMatchObject({ calls: 0, billed: 0, costRatio: null });
  });

  it('skips a session a strategy fails on, with the reason, and completes the run', async () => {
    const t = twelveCallTranscript();
    const broken: Transcript = {
      ...t,
      id: 'broken',
      messages: [...t.messages.slice(0, 3), { role: 'assistant', content: null as never }],
    };
    const events = await collect(
      [
        { type: 'session', session: toBenchSession(broken, 'broken') },
        { type: 'session', session: toBenchSession(t, 'ok') },
      ],
      ['raw'],
    );
    const skip = events.find((e) => e.type === 'skip');
    expect(skip).toMatchObject({ source: 'broken' });
    const done = events[events.length - 1];
    if (done?.type !== 'done') throw new Error('no report');
    expect(done.report.sessions.map((s) => s.label)).toEqual(['ok']);
    expect(done.report.skipped.map((s) => s.source)).toEqual(['broken']);
  });
});
