import { describe, expect, it } from 'vitest';
import {
  chatReducer,
  initialChat,
  type ChatAction,
  type ChatState,
} from '../../../../../src/doors/chat/tui/state/chat.js';
import { initialFooter } from '../../../../../src/doors/chat/tui/state/footer.js';

const start = () => initialChat(initialFooter(null, { usd: 0, unmanagedUsd: 0 }));
const apply = (state: ChatState, ...actions: ChatAction[]) => actions.reduce(chatReducer, state);

describe('chatReducer', () => {
  it('drops "interrupting…" from the hint when the interrupted turn ends', () => {
    const state = apply(
      start(),
      { type: 'submit', text: 'one' },
      { type: 'hint', text: 'interrupting… Ctrl+C again to quit' },
      { type: 'turn_done', interrupted: true },
    );
    expect(state.hint).toBe('Ctrl+C again to quit');
  });

  it('starts a turn on submit, settling the previous one, and ends it on turn_done', () => {
    let state = apply(
      start(),
      { type: 'submit', text: 'one' },
      { type: 'agent', event: { type: 'text_delta', text: 'a' } },
      { type: 'turn_done', interrupted: false },
    );
    expect(state.running).toBe(false);
    state = apply(state, { type: 'submit', text: 'two' });
    expect(state.running).toBe(true);
    expect(state.transcript.done.map((i) => i.kind)).toEqual(['user', 'assistant']);
    expect(state.transcript.live).toMatchObject([{ kind: 'user', text: 'two' }]);
  });

  it("warns once about an interrupt the loop also reported as the turn's end", () => {
    const state = apply(
      start(),
      { type: 'submit', text: 'go' },
      { type: 'agent', event: { type: 'text_delta', text: 'A slow start' } },
      { type: 'agent', event: { type: 'turn_end', stopReason: 'interrupted', answer: 'A slow start' } },
      { type: 'turn_done', interrupted: true },
    );
    const { done, live } = state.transcript;
    const notices = [...done, ...live].filter((item) => item.kind === 'notice');
    expect(notices).toMatchObject([{ tone: 'warn', text: 'interrupted' }]);
  });

  it('notes an interrupted or failed turn and drops a pending approval', () => {
    const request = { id: 'x', name: 'bash', input: {}, summary: 'ls' };
    const state = apply(
      start(),
      { type: 'submit', text: 'go' },
      { type: 'approval', request },
      { type: 'turn_done', interrupted: true, error: 'boom' },
    );
    expect(state.approval).toBeNull();
    expect(state.transcript.done).toMatchObject([{ kind: 'user', text: 'go' }]);
    expect(state.transcript.live).toMatchObject([
      { tone: 'warn', text: 'interrupted' },
      { tone: 'error', text: 'boom' },
    ]);
  });

  it('keeps the same state object for events that change nothing shown', () => {
    const state = start();
    expect(
      chatReducer(state, {
        type: 'agent',
        event: {
          type: 'approval',
          request: { id: 'none', name: 'x', input: {}, summary: '' },
          answer: 'once',
        },
      }),
    ).toBe(state);
  });

  it('toggles a live tool call in place, or says there is none', () => {
    let state = apply(start(), { type: 'toggle_tool' });
    expect(state.hint).toMatch(/no tool call/);
    state = apply(
      state,
      { type: 'agent', event: { type: 'tool_call', id: 'a', name: 'read', input: {} } },
      { type: 'agent', event: { type: 'tool_call', id: 'b', name: 'read', input: {} } },
      { type: 'toggle_tool' },
    );
    const last = state.transcript.live[1]!;
    expect([...state.expanded]).toEqual([last.id]);
    expect([...apply(state, { type: 'toggle_tool' }).expanded]).toEqual([]);
  });

  it('prints a full copy of a call already printed, once', () => {
    let state = apply(
      start(),
      { type: 'submit', text: 'go' },
      { type: 'agent', event: { type: 'tool_call', id: 'a', name: 'read', input: {} } },
      {
        type: 'agent',
        event: { type: 'tool_result', id: 'a', name: 'read', output: 'body', isError: false },
      },
      { type: 'turn_done', interrupted: false },
      { type: 'toggle_tool' },
    );
    expect(state.transcript.live).toMatchObject([{ kind: 'tool', callId: 'a', full: true, output: 'body' }]);
    state = apply(state, { type: 'toggle_tool' });
    expect(state.transcript.live).toHaveLength(1);
    expect(state.hint).toBe('read is shown in full above');
  });

  it('opens a pick list, wraps the selection around, and closes it', () => {
    const items = [1, 2, 3].map((n) => ({ label: `s-${n}`, command: `/resume s-${n}` }));
    let state = apply(start(), { type: 'outcome', outcome: { kind: 'pick', title: 'resume', items } });
    state = apply(state, { type: 'pick_move', delta: -1 });
    expect(state.pick?.index).toBe(2);
    state = apply(state, { type: 'pick_move', delta: 1 });
    expect(state.pick?.index).toBe(0);
    expect(apply(state, { type: 'pick_close' }).pick).toBeNull();
  });

  it('says so instead of opening an empty pick list', () => {
    const state = apply(start(), { type: 'outcome', outcome: { kind: 'pick', title: 'resume', items: [] } });
    expect(state.pick).toBeNull();
    expect(state.transcript.live).toMatchObject([{ kind: 'notice', text: 'resume: nothing to pick' }]);
  });

  it('rebuilds the transcript from history on reset and bumps the epoch', () => {
    const state = apply(
      start(),
      { type: 'submit', text: 'old' },
      {
        type: 'reset',
        history: [{ role: 'user', text: 'resumed prompt' }],
        footer: initialFooter(null, { usd: 1.5, unmanagedUsd: 3 }),
        text: 'resumed s-9',
      },
    );
    expect(state.epoch).toBe(1);
    expect(state.footer.cost).toEqual({ usd: 1.5, unmanagedUsd: 3 });
    expect(state.transcript.done).toMatchObject([{ kind: 'user', text: 'resumed prompt' }]);
    expect(state.transcript.live).toMatchObject([{ kind: 'notice', text: 'resumed s-9' }]);
  });
});
