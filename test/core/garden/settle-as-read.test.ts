import { afterAll, describe, expect, it } from 'vitest';
import type { Block, MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { agentSession, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

/** The transcript with a hook run each time the sync reads its last message. */
function watched(transcript: Transcript, onLast: () => void): Transcript {
  const last = transcript.messages.length - 1;
  const messages = new Proxy(transcript.messages, {
    get(target, key, receiver) {
      if (key === String(last)) onLast();
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { ...transcript, messages };
}

const toolResult = (message: MessageParam | undefined) => (message?.content as Block[] | undefined)?.[0];

describe('a one-shot garden settles as it reads', () => {
  it('has let go of the first tool result before it reads the last message', () => {
    const session = agentSession(8, { lines: 120 });
    expect(toolResult(session.messages[2])?.type).toBe('tool_result');
    let seen: unknown;
    const g = garden(store, 1_000_000, { inject: 'off', oneShot: true });
    g.sync(watched(session, () => (seen = session.messages[2]?.content)));
    // The last read of the last message is the sync's own: by then message 2 is a shell.
    expect(seen).toEqual([]);
  });

  it('renders what a garden that keeps its messages until the end renders', () => {
    const kept = garden(store, 1_000_000, { inject: 'off' });
    const asRead = garden(store, 1_000_000, { inject: 'off', oneShot: true });
    kept.sync(agentSession(8, { lines: 120 }));
    asRead.sync(agentSession(8, { lines: 120 }));
    kept.compactAll({ minTokens: 200, keepLastTurns: 2 });
    asRead.compactAll({ minTokens: 200, keepLastTurns: 2 });
    expect(JSON.stringify(asRead.render({ inject: false }))).toBe(
      JSON.stringify(kept.render({ inject: false })),
    );
  });
});
