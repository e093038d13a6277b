import { afterAll, describe, expect, it } from 'vitest';
import type { Garden } from '../../../src/core/garden/index.js';
import type { MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { agentSession, buildLog, garden, tempStore } from './helpers.js';

// Each garden on a store of its own, and each test with texts of its own: an entry stored before
// would be found again, not written, and the one-shot garden would keep its summary.
const kept = tempStore();
const oneShot = tempStore();
const keptStore = kept.store;
const oneShotStore = oneShot.store;
afterAll(() => {
  kept.cleanup();
  oneShot.cleanup();
});

const texts = (messages: Iterable<MessageParam>) =>
  [...messages].flatMap((m) =>
    typeof m.content === 'string' ? [m.content] : m.content.map((b) => JSON.stringify(b)),
  );

/** A keeping garden and a one-shot one, each synced with the same session and compacted by `compact`. */
function pair(session: () => Transcript, compact: (g: Garden) => void): { kept: Garden; oneShot: Garden } {
  const kept = garden(keptStore, 1_000_000, { inject: 'off' });
  const oneShot = garden(oneShotStore, 1_000_000, { inject: 'off', oneShot: true });
  for (const g of [kept, oneShot]) {
    g.sync(session());
    compact(g);
  }
  return { kept, oneShot };
}

describe('a one-shot garden rebuilds the shortened forms it let go, byte for byte', () => {
  it('renders its summaries, a message at a time, as a keeping garden renders them', () => {
    const { kept, oneShot } = pair(
      () => agentSession(12, { lines: 120 }),
      (g) => g.compactAll({ minTokens: 200, keepLastTurns: 2 }),
    );
    const expected = kept.render({ inject: false });
    expect(texts(expected.messages).filter((t) => t.includes(' summary '))).toHaveLength(10);
    const streamed = oneShot.renderEach();
    expect(JSON.stringify({ ...streamed, messages: [...streamed.messages] })).toBe(JSON.stringify(expected));
    expect(JSON.stringify(oneShot.render({ inject: false }))).toBe(JSON.stringify(expected));
  });

  it('renders its stubs as a keeping garden renders them', () => {
    const { kept, oneShot } = pair(
      () => agentSession(12, { id: 'stubs', lines: 110 }),
      (g) => g.plan({ target: 1_500 }),
    );
    const expected = texts(kept.render({ inject: false }).messages);
    expect(expected.filter((t) => t.includes('→0 tok')).length).toBeGreaterThan(0);
    expect(texts(oneShot.renderEach().messages)).toEqual(expected);
  });

  it('keeps an original that UTF-8 cannot hold (a lone surrogate) rather than read it back changed', () => {
    const session = () => {
      const transcript = agentSession(6, { id: 'surrogate', lines: 80 });
      const result = (transcript.messages[2]!.content as Array<{ content: string }>)[0]!;
      result.content = `half a pair: \ud83d, then the log\n${result.content}`;
      return transcript;
    };
    // Nothing shortened: every original is rendered, those let go read back from the store.
    const { kept, oneShot } = pair(session, (g) => g.compactAll({ minTokens: 1_000_000, keepLastTurns: 2 }));
    const expected = texts(kept.render({ inject: false }).messages);
    expect(expected.join('')).toContain('half a pair: \\ud83d');
    expect(texts(oneShot.renderEach().messages)).toEqual(expected);
  });

  it('keeps its own summary when the store already held the same content with another', () => {
    const log = buildLog('module0', 90);
    // The same text stored earlier in the project, with a summary of another door.
    oneShotStore.ingest({
      scope: { project: 'test', session: 'earlier' },
      class: 'log',
      original: log,
      summary: 'a summary written elsewhere',
      tokensOriginal: 2_000,
      tokensSummary: 5,
      priority: 20,
    });
    const { kept, oneShot } = pair(
      () => agentSession(6, { id: 'again', lines: 90 }),
      (g) => g.compactAll({ minTokens: 200, keepLastTurns: 2 }),
    );
    const rendered = texts(oneShot.renderEach().messages);
    expect(rendered.join('\n')).not.toContain('a summary written elsewhere');
    expect(rendered).toEqual(texts(kept.render({ inject: false }).messages));
  });
});
