import { afterAll, describe, expect, it } from 'vitest';
import { buildInjection, hasSignal } from '../../../src/core/garden/render/inject.js';
import { INJECT_BEGIN, INJECT_END } from '../../../src/core/transcript/strip.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import type { MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { agentSession, garden, tempStore } from './helpers.js';
import { recall } from '../../../src/core/recall/recall.js';
import { TOOL_WORDS } from '../../../src/core/garden/session/words.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);
const tokenizer = defaultTokenizer();

/** The agent session, compacted, then a typed question about an early log. */
function withQuestion(question: string): Transcript {
  const session = agentSession(14, { lines: 60 });
  const last = session.messages[session.messages.length - 1]!;
  const messages: MessageParam[] = [
    ...session.messages.slice(0, -1),
    { ...last, content: [...(last.content as []), { type: 'text', text: question }] },
  ];
  return { ...session, messages };
}

function injectedText(message: MessageParam): string | undefined {
  if (typeof message.content === 'string') return undefined;
  const block = message.content[message.content.length - 1];
  return block?.type === 'text' && block.text.startsWith(INJECT_BEGIN) ? block.text : undefined;
}

describe('hasSignal', () => {
  it('finds no signal in short acknowledgements', () => {
    expect(hasSignal('continue')).toBe(false);
    expect(hasSignal('yes please')).toBe(false);
  });

  it('finds signal in a question with content words or identifiers', () => {
    expect(hasSignal('why did the module3 build fail yesterday')).toBe(true);
    expect(hasSignal('look at vat.py')).toBe(true);
  });
});

describe('recall injection', () => {
  it('appends a marked block to the newest user turn with the state line and recall hits (auto)', () => {
    const g = garden(store, 12_000, { inject: 'auto' });
    g.sync(withQuestion('What went wrong when compiling module2 earlier?'));
    g.plan();
    const request = g.render();
    const text = injectedText(request.messages[request.messages.length - 1]!);
    expect(text).toBeDefined();
    expect(text).toContain('compacted earlier:');
    expect(text).toMatch(/- id=\w+ · log/);
    expect(text!.endsWith(INJECT_END)).toBe(true);
    expect(g.counters().injectedTokens).toBe(tokenizer.count(text!));
  });

  it('leaves the messages before the newest one untouched (the cached prefix)', () => {
    const g = garden(store, 12_000, { inject: 'full' });
    g.sync(withQuestion('What went wrong when compiling module2 earlier?'));
    g.plan();
    const withInjection = g.render();
    const without = g.render({ inject: false });
    expect(withInjection.messages.slice(0, -1)).toEqual(without.messages.slice(0, -1));
  });

  it('adds only the cheap layer when the turn has no signal, and nothing in mode off', () => {
    const auto = garden(store, 12_000, { inject: 'auto' });
    auto.sync(withQuestion('continue'));
    auto.plan();
    const text = injectedText(auto.render().messages.at(-1)!);
    expect(text).toContain('compacted earlier:');
    expect(text).not.toMatch(/- id=/);
    const off = garden(store, 12_000, { inject: 'off' });
    off.sync(withQuestion('What went wrong when compiling module2 earlier?'));
    off.plan();
    expect(injectedText(off.render().messages.at(-1)!)).toBeUndefined();
  });

  it('does not inject on a turn that carries only tool results (cheap and auto)', () => {
    const g = garden(store, 12_000, { inject: 'auto' });
    g.sync(agentSession(14, { lines: 60 }));
    g.plan();
    expect(injectedText(g.render().messages.at(-1)!)).toBeUndefined();
  });

  it('puts pinned notes in the cheap layer', () => {
    const g = garden(store, 12_000, { inject: 'cheap' });
    g.note('deploys go through scripts/release.sh', { pinned: true });
    g.sync(withQuestion('ok'));
    g.plan();
    expect(injectedText(g.render().messages.at(-1)!)).toContain('deploys go through scripts/release.sh');
  });

  it('stays within the hard token cap', () => {
    const g = garden(store, 12_000, { inject: 'full', injectMaxTokens: 120 });
    g.sync(withQuestion('What went wrong when compiling module2 and module3 and module4?'));
    g.plan();
    const text = injectedText(g.render().messages.at(-1)!);
    expect(tokenizer.count(text ?? '')).toBeLessThanOrEqual(120);
  });

  it('strips its own injection when the rendered turn comes back as history, and never stores it', () => {
    const g = garden(store, 12_000, { inject: 'full' });
    const transcript = withQuestion('What went wrong when compiling module2 earlier?');
    g.sync(transcript);
    g.plan();
    const rendered = g.render();
    // A chat door keeps what it sent: the injected turn is now history.
    const next: Transcript = {
      ...transcript,
      messages: [
        ...rendered.messages,
        { role: 'assistant', content: 'It was a missing header.' },
        { role: 'user', content: 'thanks' },
      ],
    };
    g.sync(next);
    g.plan();
    const again = g.render({ inject: false });
    expect(JSON.stringify(again.messages)).not.toContain(INJECT_BEGIN);
    expect(g.counters().markersStripped).toBeGreaterThanOrEqual(1);
    const hits = recall(store, 'compacted earlier', g.scope, { full: true, limit: 20 });
    expect(hits.hits.filter((h) => h.text.includes(INJECT_BEGIN))).toEqual([]);
  });

  it('never exceeds the room it is given and builds nothing without room', () => {
    const result = buildInjection({
      mode: 'full',
      maxTokens: 10,
      query: 'anything at all here',
      notes: [],
      compacted: { blocks: 3, before: 100, after: 10, byClass: [['log', 3]] },
      recall: () => ({ hits: [], coverage: { entriesScanned: 0 }, truncated: false }),
      inContext: () => false,
      tokenizer,
      words: TOOL_WORDS,
    });
    expect(result).toBeUndefined();
  });

  it('does not list a note twice when recall finds the note it already lists', () => {
    const scope = { project: 'p', session: 's' };
    const note = { id: 'n1', scope, text: 'VAT rate is 20% here', tags: [], pinned: true, createdAt: 0 };
    const result = buildInjection({
      mode: 'full',
      maxTokens: 500,
      query: 'what is the vat rate',
      notes: [note],
      compacted: { blocks: 0, before: 0, after: 0, byClass: [] },
      recall: () => ({
        hits: [
          {
            id: 'n1',
            class: 'prose',
            text: note.text,
            score: 1,
            relevanceSignal: ['note'],
            createdAt: 0,
            isNote: true,
          },
          {
            id: 'e2',
            class: 'log',
            text: 'vat rate test failed',
            score: 0.5,
            relevanceSignal: [],
            createdAt: 0,
          },
        ],
        coverage: { entriesScanned: 2 },
        truncated: false,
      }),
      inContext: () => false,
      tokenizer,
      words: TOOL_WORDS,
    });
    expect(result?.text.match(/VAT rate is 20% here/g)).toHaveLength(1);
    expect(result?.text).toContain('vat rate test failed');
    expect(result?.hits).toBe(1);
  });
});
