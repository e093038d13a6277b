import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { emptyTranscript, fromHistory, lastTool, settleLive, transcriptReducer } from '../../../src/tui/state/transcript.js';

const fold = (...events: AgentEvent[]) => events.reduce(transcriptReducer, emptyTranscript());

describe('transcriptReducer', () => {
  it('joins streamed deltas into one item per kind and run', () => {
    const state = fold(
      { type: 'thinking_delta', text: 'let me ' },
      { type: 'thinking_delta', text: 'look' },
      { type: 'text_delta', text: 'Hello' },
      { type: 'text_delta', text: ', world' },
    );
    expect(state.live.map((i) => [i.kind, 'text' in i ? i.text : ''])).toEqual([
      ['thinking', 'let me look'],
      ['assistant', 'Hello, world'],
    ]);
  });

  it('fills a tool call with its result by id, even after other calls', () => {
    const state = fold(
      { type: 'tool_call', id: 'a', name: 'read', input: { path: 'a.ts' } },
      { type: 'tool_call', id: 'b', name: 'grep', input: { pattern: 'x' } },
      { type: 'tool_result', id: 'a', name: 'read', output: 'body', isError: false, display: 'diff' },
      { type: 'tool_result', id: 'b', name: 'grep', output: 'no match', isError: true },
    );
    expect(state.live).toMatchObject([
      { kind: 'tool', callId: 'a', status: 'ok', output: 'body', display: 'diff' },
      { kind: 'tool', callId: 'b', status: 'error', output: 'no match' },
    ]);
  });

  it('keeps a declined call denied when its error result comes back', () => {
    const request = { id: 'w', name: 'write', input: {}, summary: 'write' };
    const state = fold(
      { type: 'tool_call', id: 'w', name: 'write', input: {} },
      { type: 'approval', request, answer: 'no' },
      { type: 'tool_result', id: 'w', name: 'write', output: 'declined', isError: true },
    );
    expect(lastTool(state)).toMatchObject({ status: 'denied', approval: 'no' });
  });

  it('adds notices for retries, errors and unusual stops, not for a normal end', () => {
    const state = fold(
      { type: 'retry', attempt: 2, delayMs: 1_500, reason: '529 overloaded' },
      { type: 'error', message: 'prompt is too long', code: 'PROVIDER' },
      { type: 'turn_end', stopReason: 'max_tokens', answer: '' },
      { type: 'turn_end', stopReason: 'end_turn', answer: '' },
    );
    expect(state.live.map((i) => (i.kind === 'notice' ? i.text : i.kind))).toEqual([
      'retry 2 in 1.5 s: 529 overloaded',
      'prompt is too long (PROVIDER)',
      'turn ended: max_tokens',
    ]);
  });

  it('returns the same state for footer-only events', () => {
    const state = fold({ type: 'text_delta', text: 'x' });
    expect(transcriptReducer(state, { type: 'usage', usage: { input: 1, cacheRead: 0, cacheWrite: 0, output: 1 }, cost: { usd: 0, unmanagedUsd: 0 } })).toBe(state);
  });
});

describe('settleLive and fromHistory', () => {
  it('moves the live turn to the printed part, keeping ids unique', () => {
    const state = transcriptReducer(settleLive(fold({ type: 'text_delta', text: 'one' })), { type: 'text_delta', text: 'two' });
    expect(state.done.map((i) => i.id)).toEqual([1]);
    expect(state.live.map((i) => i.id)).toEqual([2]);
    expect(lastTool(state)).toBeUndefined();
  });

  it('rebuilds prompts, answers and tool lines from history, all printed', () => {
    const state = fromHistory([
      { role: 'user', text: 'hi' },
      { role: 'tool', tool: 'bash', text: 'ok' },
      { role: 'assistant', text: 'done' },
    ]);
    expect(state.live).toEqual([]);
    expect(state.done).toMatchObject([{ kind: 'user', text: 'hi' }, { kind: 'tool', name: 'bash', status: 'ok', output: 'ok' }, { kind: 'assistant', text: 'done' }]);
  });
});
