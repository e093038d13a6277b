import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { GardenerError } from '../../../src/errors.js';
import { wrapInjected, INJECT_BEGIN } from '../../../src/core/transcript/strip.js';
import { typedByUser } from '../../../src/core/garden/ingest/typed-by-user.js';
import type { Transcript } from '../../../src/core/transcript/types.js';
import { agentSession, buildLog, garden, tempStore, upTo } from './helpers.js';
import { recall } from '../../../src/core/recall/recall.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('sync', () => {
  it('ingests every new block and recognises the ones it has seen', () => {
    const g = garden(store, 100_000);
    const session = agentSession(3);
    const first = g.sync(upTo(session, 5));
    expect(first.added).toBe(7); // prompt; per turn: text, tool_use; one tool_result ×2
    expect(first.known).toBe(0);
    const second = g.sync(session);
    expect(second.known).toBe(7);
    expect(second.added).toBe(3);
  });

  it('recognises blocks passed as fresh objects (a proxy parses every request anew)', () => {
    const g = garden(store, 100_000);
    g.sync(agentSession(2));
    const again = g.sync(JSON.parse(JSON.stringify(agentSession(2))) as Transcript);
    expect(again.added).toBe(0);
  });

  it('treats a rewritten tool result (same id, new content) as a new block', () => {
    const g = garden(store, 100_000);
    const session = agentSession(2);
    g.sync(session);
    const cleared = structuredClone(session);
    const results = cleared.messages[2]!.content as Array<{ content: string }>;
    results[0]!.content = '[Old tool result content cleared]';
    expect(g.sync(cleared).added).toBe(1);
  });

  it('stores blocks outside the working window at sync, and the rest at settle()', () => {
    // A store of its own: other tests' gardens store the same build logs in the project.
    const { store, cleanup } = tempStore();
    onTestFinished(cleanup);
    const g = garden(store, 100_000, { keepLastTurns: 2 });
    const first = g.sync(agentSession(1, { id: 'stored' }));
    expect(first.pending).toBe(2); // the assistant text and the tool result; the prompt is before the window
    const query = () =>
      recall(store, 'module0 build failed', g.scope, { full: true, limit: 5 }).hits.some(
        (h) => h.text === buildLog('module0'),
      );
    expect(query()).toBe(false);
    const later = g.sync(agentSession(4, { id: 'stored' }));
    expect(later.pending).toBeLessThan(later.added + first.pending);
    expect(query()).toBe(true); // module0 left the window: stored during this sync
    const settled = g.settle();
    expect(settled.ingested).toBeGreaterThan(0);
    expect(g.settle().ingested).toBe(0);
  });

  it('tallies stored blocks by class', () => {
    const g = garden(store, 100_000);
    const result = g.sync(agentSession(2));
    const settled = g.settle();
    const count = (cls: string) => (result.byClass[cls]?.blocks ?? 0) + (settled.byClass[cls]?.blocks ?? 0);
    expect(count('other')).toBe(2); // the small tool calls pass through
    expect(count('prompt')).toBe(1);
    expect(count('log')).toBe(2);
    expect(settled.byClass['log']?.tokens).toBeGreaterThan(2_000);
  });

  it('strips injected regions before storing, and counts them', () => {
    const g = garden(store, 100_000);
    const transcript: Transcript = {
      id: 'x',
      format: 'anthropic',
      messages: [
        {
          role: 'user',
          content: `what broke in the zebrafish parser?\n\n${wrapInjected('recall: unrelated giraffe context')}`,
        },
      ],
    };
    const result = g.sync(transcript);
    expect(result.stripped).toBe(1);
    expect(g.counters().markersStripped).toBe(1);
    const hits = recall(store, 'giraffe', { project: 'test', session: 'x' }, { full: true });
    expect(hits.hits.filter((h) => h.text.includes(INJECT_BEGIN) || h.text.includes('giraffe'))).toEqual([]);
  });

  it('passes thinking, unknown block types and unknown roles through without storing them', () => {
    const g = garden(store, 100_000);
    const transcript = {
      id: 'x',
      format: 'anthropic',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'system', content: 'be terse' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hmm', signature: 'sig' },
            { type: 'future_widget', payload: 1 },
            { type: 'text', text: 'hello' },
          ],
        },
        { role: 'user', content: 'thanks' },
      ],
    } as unknown as Transcript;
    const result = g.sync(transcript);
    expect(result.byClass['other']?.blocks).toBe(3);
  });

  it('refuses input it cannot read at all, naming where', () => {
    const g = garden(store, 100_000);
    const bad = {
      id: 'x',
      format: 'anthropic',
      messages: [
        { role: 'user', content: 'ok' },
        { role: 'assistant', content: 42 },
      ],
    };
    expect(() => g.sync(bad as unknown as Transcript)).toThrowError(GardenerError);
    expect(() => g.sync(bad as unknown as Transcript)).toThrowError(/transcript\.messages\.1\.content/);
  });
});

describe('typedByUser', () => {
  it('treats all user text as typed where tool output comes as tool_result blocks', () => {
    const typed = typedByUser(agentSession(1));
    expect(typed(0, 0)).toBe(true);
  });

  it('tells observations from typed text in formats without tool blocks', () => {
    const transcript: Transcript = {
      id: 'm',
      format: 'mini-swe-agent',
      messages: [
        { role: 'user', content: 'Fix the failing vat test in the billing package please.' },
        { role: 'assistant', content: 'Let me look.\n```bash\nmake\n```' },
        { role: 'user', content: `<returncode>1</returncode>\n<output>\n${buildLog('vat', 40)}\n</output>` },
        { role: 'assistant', content: 'Done?' },
        { role: 'user', content: 'Yes, that looks right to me, thank you for the careful work.' },
      ],
    };
    const typed = typedByUser(transcript);
    expect([0, 2, 4].map((m) => typed(m, 0))).toEqual([true, false, true]);
  });

  it('follows meta.observations when an importer knows them', () => {
    const transcript: Transcript = {
      id: 'm',
      format: 'anthropic',
      meta: { observations: [2] },
      messages: [
        { role: 'user', content: 'task' },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'plain words that are tool output' },
      ],
    };
    const typed = typedByUser(transcript);
    expect(typed(0, 0)).toBe(true);
    expect(typed(2, 0)).toBe(false);
    expect(typed(1, 0)).toBe(false);
  });
});
