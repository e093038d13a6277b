import { describe, expect, it } from 'vitest';
import { historyOf } from '../../../../../src/doors/chat/agent/conversation.js';
import type { AgentEvent } from '../../../../../src/doors/chat/agent/events.js';
import {
  emptyTranscript,
  fromHistory,
  lastTool,
  settleLive,
  transcriptReducer,
  type TranscriptState,
} from '../../../../../src/doors/chat/tui/state/transcript.js';

const fold = (...events: AgentEvent[]) => events.reduce(transcriptReducer, emptyTranscript());
const all = (state: TranscriptState) => [...state.done, ...state.live];

describe('transcriptReducer', () => {
  it('joins streamed deltas into one item per kind and run', () => {
    const state = fold(
      { type: 'thinking_delta', text: 'let me ' },
      { type: 'thinking_delta', text: 'look' },
      { type: 'text_delta', text: 'Hello' },
      { type: 'text_delta', text: ', world' },
    );
    expect(all(state).map((i) => [i.kind, 'text' in i ? i.text : ''])).toEqual([
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
    expect(all(state)).toMatchObject([
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
    expect(lastTool(state)?.tool).toMatchObject({ status: 'denied', approval: 'no' });
  });

  it('adds notices for retries, errors and unusual stops, not for a normal end', () => {
    const state = fold(
      { type: 'retry', attempt: 2, delayMs: 1_500, reason: 'overloaded', message: '529 overloaded' },
      { type: 'error', message: 'prompt is too long', code: 'PROVIDER' },
      { type: 'turn_end', stopReason: 'max_tokens', answer: '' },
      { type: 'turn_end', stopReason: 'end_turn', answer: '' },
    );
    expect(all(state).map((i) => (i.kind === 'notice' ? i.text : i.kind))).toEqual([
      'retry 2 in 1.5 s: overloaded: 529 overloaded',
      'prompt is too long (PROVIDER)',
      'turn ended: max_tokens',
    ]);
  });

  it('returns the same state for footer-only events', () => {
    const state = fold({ type: 'text_delta', text: 'x' });
    expect(
      transcriptReducer(state, {
        type: 'usage',
        usage: { input: 1, cacheRead: 0, cacheWrite: 0, output: 1 },
        cost: { usd: 0, unmanagedUsd: 0 },
      }),
    ).toBe(state);
  });
});

describe('settling', () => {
  it('prints the complete lines of a streamed text and keeps the line being written live', () => {
    const state = fold(
      { type: 'text_delta', text: 'first line\n\nsecond' },
      { type: 'text_delta', text: ' line\nthi' },
    );
    expect(state.done.map((i) => 'text' in i && i.text)).toEqual(['first line', '', 'second line']);
    expect(state.live).toMatchObject([{ kind: 'assistant', text: 'thi' }]);
    expect(new Set(all(state).map((i) => i.id)).size).toBe(4);
  });

  it('keeps a running tool call and everything after it live, in order', () => {
    const state = fold(
      { type: 'text_delta', text: 'Let me look.' },
      { type: 'tool_call', id: 'a', name: 'bash', input: {} },
      { type: 'tool_call', id: 'b', name: 'read', input: {} },
      { type: 'tool_result', id: 'b', name: 'read', output: 'x', isError: false },
    );
    expect(state.done).toMatchObject([{ kind: 'assistant', text: 'Let me look.' }]);
    expect(state.live).toMatchObject([
      { callId: 'a', status: 'running' },
      { callId: 'b', status: 'ok' },
    ]);
    const after = transcriptReducer(state, {
      type: 'tool_result',
      id: 'a',
      name: 'bash',
      output: 'y',
      isError: false,
    });
    expect(after.done.map((i) => i.kind)).toEqual(['assistant', 'tool']);
    expect(after.live).toMatchObject([{ callId: 'b' }]);
  });

  it('drops the empty rest of a text that ended with a newline', () => {
    const state = settleLive(fold({ type: 'text_delta', text: 'done.\n' }));
    expect(state.done).toMatchObject([{ kind: 'assistant', text: 'done.' }]);
    expect(state.live).toEqual([]);
  });

  it('moves the live turn to the printed part, keeping ids unique', () => {
    const state = transcriptReducer(settleLive(fold({ type: 'text_delta', text: 'one' })), {
      type: 'text_delta',
      text: 'two',
    });
    expect(state.done.map((i) => i.id)).toEqual([1]);
    expect(state.live.map((i) => i.id)).toEqual([2]);
    expect(lastTool(state)).toBeUndefined();
  });

  it('finds the last tool call among printed items too', () => {
    const state = settleLive(
      fold({ type: 'tool_call', id: 'a', name: 'read', input: {} }, { type: 'text_delta', text: 'x' }),
    );
    expect(lastTool(state)).toMatchObject({ tool: { callId: 'a' }, live: false });
  });

  it('rebuilds prompts, answers and tool lines from history, all printed', () => {
    const state = fromHistory([
      { role: 'user', text: 'hi' },
      { role: 'tool', tool: 'bash', text: 'ok' },
      { role: 'assistant', text: 'done' },
    ]);
    expect(state.live).toEqual([]);
    expect(state.done).toMatchObject([
      { kind: 'user', text: 'hi' },
      { kind: 'tool', name: 'bash', status: 'ok', output: 'ok' },
      { kind: 'assistant', text: 'done' },
    ]);
  });

  it("keeps a resumed tool line's input and shows a failed one as failed (--continue)", () => {
    const history = historyOf([
      { role: 'user', content: 'read it' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'read', input: { path: 'src/missing.ts' } }],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 't1', content: 'no such file', is_error: true }],
      },
    ]);
    expect(fromHistory(history).done).toMatchObject([
      { kind: 'user', text: 'read it' },
      {
        kind: 'tool',
        name: 'read',
        input: { path: 'src/missing.ts' },
        status: 'error',
        output: 'no such file',
      },
    ]);
  });
});
