import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { originalBlock } from '../../../src/core/garden/render/read-back.js';
import { releasable, releaseOriginal, restoreOriginal } from '../../../src/core/garden/ingest/release.js';
import type { Slot } from '../../../src/core/garden/view/slot.js';
import { openStore } from '../../../src/core/store/open.js';
import type { Block, Transcript } from '../../../src/core/transcript/types.js';
import { agentSession, buildLog, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
const dir = mkdtempSync(join(tmpdir(), 'gardener-one-shot-'));
const redacting = openStore({ path: join(dir, 'redacting.db') });
afterAll(() => {
  cleanup();
  redacting.close();
  rmSync(dir, { recursive: true, force: true });
});

const KEY = `sk-ant-api03-${'Zq7'.repeat(27)}`;
/** The entry id a summary or stub names (in JSON its quotes are escaped). */
const idIn = (block: Block) => /fetch\(\\?"(\w+)\\?"\)/.exec(JSON.stringify(block))![1]!;
const resultOf = (t: Pick<Transcript, 'messages'>, m: number) => (t.messages[m]!.content as Block[])[0]!;

/** A session whose tool results come in both shapes a one-shot garden drops: a string, one text part. */
function mixedSession(): Transcript {
  const t = agentSession(6, { lines: 60 });
  const third = t.messages[6]!.content as Block[];
  const first = third[0] as Block & { type: 'tool_result' };
  third[0] = { ...first, content: [{ type: 'text', text: first.content as string }], is_error: false };
  return t;
}

describe('a one-shot garden (the engine of `gardener compress`)', () => {
  it('renders exactly what a garden that keeps every original renders, and takes the messages', () => {
    const kept = garden(store, 1_000_000, { inject: 'off' });
    const oneShot = garden(store, 1_000_000, { inject: 'off', oneShot: true });
    const input = mixedSession();
    kept.sync(mixedSession());
    oneShot.sync(input);
    expect(input.messages).toHaveLength(0);
    expect(oneShot.render({ inject: false })).toEqual(kept.render({ inject: false }));
    kept.compactAll({ minTokens: 200, keepLastTurns: 1 });
    oneShot.compactAll({ minTokens: 200, keepLastTurns: 1 });
    expect(JSON.stringify(oneShot.render({ inject: false }))).toBe(
      JSON.stringify(kept.render({ inject: false })),
    );
  });

  it('reads a dropped original back from the store: fetch, recall into context, after a forget', () => {
    const g = garden(store, 1_000_000, { inject: 'off', oneShot: true });
    g.sync(mixedSession());
    g.compactAll({ minTokens: 200, keepLastTurns: 1 });
    const rendered = g.render({ inject: false });
    const id = idIn(resultOf(rendered, 6));
    const original = resultOf(mixedSession(), 6);
    expect(store.fetch(id)?.original).toBe(buildLog('module2', 60)); // what `gardener show` prints
    expect(g.fetch(id)?.block).toEqual(original);
    expect(g.recallIntoContext(id).changed).toBe(1);
    expect(JSON.stringify(resultOf(g.render({ inject: false }), 6))).toBe(JSON.stringify(original));
    expect(g.forget(id).changed).toBe(1);
    expect(g.recallIntoContext(id).changed).toBe(1);
    expect(JSON.stringify(resultOf(g.render({ inject: false }), 6))).toBe(JSON.stringify(original));
  });

  it('keeps in memory a text the store holds redacted, so that the session still shows it clear', () => {
    const g = garden(redacting, 1_000_000, { inject: 'off', oneShot: true });
    const log = `${buildLog('deploy', 80)}\nERROR deploy: the API rejected ${KEY}`;
    const session = (): Transcript => ({
      ...agentSession(3, { lines: 60 }),
      messages: [
        ...agentSession(3, { lines: 60 }).messages.slice(0, 2),
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_0', content: log }] },
        ...agentSession(3, { lines: 60 }).messages.slice(3),
      ],
    });
    g.sync(session());
    g.compactAll({ minTokens: 200, keepLastTurns: 1 });
    const id = idIn(resultOf(g.render({ inject: false }), 2));
    expect(redacting.fetch(id)?.original).not.toContain(KEY);
    g.recallIntoContext(id);
    expect(resultOf(g.render({ inject: false }), 2)).toEqual(resultOf(session(), 2));
  });

  it('takes a later sync, reading the transcript anew with the slots it has', () => {
    const g = garden(store, 1_000_000, { inject: 'off', oneShot: true });
    const kept = garden(store, 1_000_000, { inject: 'off' });
    for (const each of [g, kept]) {
      each.sync(agentSession(4, { lines: 60 }));
      each.compactAll({ minTokens: 200, keepLastTurns: 1 });
      each.sync(agentSession(6, { lines: 60 }));
    }
    expect(JSON.stringify(g.render({ inject: false }))).toBe(JSON.stringify(kept.render({ inject: false })));
  });
});

describe('dropping and restoring one original', () => {
  const slot = (block: Block, text: string): Slot => ({
    key: 'k',
    kind: block.type === 'text' ? 'text' : 'tool_result',
    message: 1,
    index: 0,
    part: -1,
    role: 'user',
    block,
    typed: false,
    entryId: store.ingest({
      scope: { project: 'test', session: 'unit' },
      class: 'log',
      original: text,
      summary: 'short',
      tokensOriginal: 100,
      tokensSummary: 1,
      priority: 10,
    }).id,
    text,
    hint: '',
    terms: [],
    textTokens: 100,
    blocks: { original: block },
    tokens: { original: 100 },
    form: 'summary',
    turn: 0,
  });

  it('keeps every other field of the block, in its order', () => {
    const text = buildLog('unit', 20);
    const block = {
      type: 'tool_result',
      tool_use_id: 't9',
      content: [{ type: 'text', text }],
      is_error: true,
    } as Block;
    const s = slot(block, text);
    expect(releasable(s, text)).toBe(true);
    releaseOriginal(s);
    expect(s.text).toBe('');
    expect(s.blocks.original).toBeUndefined();
    expect(JSON.stringify(originalBlock(s, store))).toBe(JSON.stringify(block));
    restoreOriginal(s, store);
    expect(s.released).toBeUndefined();
    expect(JSON.stringify(s.blocks.original)).toBe(JSON.stringify(block));
  });

  it('drops nothing the store does not hold exactly, nor typed text, nor a result with several parts', () => {
    const text = buildLog('unit', 20);
    expect(releasable(slot({ type: 'text', text }, text), `${text} `)).toBe(false);
    expect(releasable({ ...slot({ type: 'text', text }, text), typed: true }, text)).toBe(false);
    const parts = {
      type: 'tool_result',
      tool_use_id: 't',
      content: [
        { type: 'text', text },
        { type: 'text', text },
      ],
    };
    const s = slot(parts as Block, `${text}\n${text}`);
    releaseOriginal(s);
    expect(s.released).toBeUndefined();
    expect(s.blocks.original).toBe(parts);
  });
});
