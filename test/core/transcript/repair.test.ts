import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DraftMessage } from '../../../src/core/transcript/formats/draft.js';
import { repairMessages, UNRECORDED_RESULT } from '../../../src/core/transcript/formats/repair.js';
import type { Block } from '../../../src/core/transcript/types.js';
import { validate } from '../../../src/core/transcript/validate.js';

const use = (id: string): Block => ({ type: 'tool_use', id, name: 'Bash', input: { command: id } });
const result = (id: string, content = `out ${id}`): Block => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
});
const text = (t: string) => ({ type: 'text' as const, text: t });

describe('repairMessages', () => {
  it('leaves a valid conversation untouched, string content included', () => {
    const drafts: DraftMessage[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [use('a')] },
      { role: 'user', content: [result('a')] },
    ];
    const repaired = repairMessages(drafts);
    expect(repaired.messages).toEqual(drafts);
    expect(repaired.messages[0]!.content).toBe(drafts[0]!.content);
    expect(repaired.repairs).toEqual({});
  });

  it('takes leading system messages as the system prompt and turns later ones into user text', () => {
    const repaired = repairMessages([
      { role: 'system', content: 'rules' },
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a' },
      { role: 'system', content: 'late rule' },
    ]);
    expect(repaired.system).toEqual(['rules']);
    expect(repaired.messages[2]).toEqual({ role: 'user', content: [text('late rule')] });
    expect(repaired.repairs).toEqual({ 'system-message-moved': 1 });
  });

  it('drops blank text and empty messages, and merges the neighbours they separated', () => {
    const repaired = repairMessages([
      { role: 'user', content: 'a' },
      { role: 'assistant', content: [text('  \n')] },
      { role: 'user', content: 'b' },
    ]);
    expect(repaired.messages).toEqual([{ role: 'user', content: [text('a'), text('b')] }]);
    expect(repaired.repairs).toEqual({
      'empty-text-dropped': 1,
      'empty-message-dropped': 1,
      'same-role-merged': 1,
    });
  });

  it('answers unanswered tool calls before the user text, in tool_use order', () => {
    const repaired = repairMessages([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [use('a'), use('b')] },
      { role: 'user', content: [text('stop'), result('b')] },
    ]);
    expect(repaired.messages[2]!.content).toEqual([
      result('b'),
      { type: 'tool_result', tool_use_id: 'a', content: UNRECORDED_RESULT, is_error: true },
      text('stop'),
    ]);
    expect(repaired.repairs).toEqual({ 'unanswered-tool-use': 1, 'tool-result-reordered': 1 });
  });

  it('leaves a final unanswered tool call alone (the API accepts it)', () => {
    const repaired = repairMessages([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [use('a')] },
    ]);
    expect(repaired.repairs).toEqual({});
  });

  it('turns orphan and twice-given tool results into text, keeping their images', () => {
    const image = {
      type: 'image' as const,
      source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'AAAA' },
    };
    const repaired = repairMessages([
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: [text('old'), image] }] },
      { role: 'assistant', content: [use('a')] },
      { role: 'user', content: [result('a'), result('a', 'again')] },
    ]);
    expect(repaired.messages[0]!.content).toEqual([text('[tool result for x]\nold\n[image]'), image]);
    expect(repaired.messages[2]!.content).toEqual([result('a'), text('[tool result for a]\nagain')]);
    expect(repaired.repairs).toEqual({ 'orphan-tool-result': 2 });
  });

  it('turns blocks in the wrong role into text and fixes a tool_use without input', () => {
    const repaired = repairMessages([
      { role: 'user', content: [use('u'), { type: 'thinking', thinking: 'hm', signature: 's' }] },
      {
        role: 'assistant',
        content: [result('r'), { type: 'tool_use', id: '', name: '', input: 'ls' } as unknown as Block],
      },
      { role: 'user', content: 'ok' },
    ]);
    expect(repaired.messages[0]!.content).toEqual([text('[tool call Bash: {"command":"u"}]'), text('hm')]);
    expect(repaired.messages[1]!.content).toEqual([
      text('[tool result for r]\nout r'),
      { type: 'tool_use', id: 'toolu_gardener_1', name: 'unknown_tool', input: { arguments: 'ls' } },
    ]);
    expect(validate({ messages: repaired.messages }).ok).toBe(true);
  });
});

const ids = fc.constantFrom('t1', 't2', 't3');
const words = fc.constantFrom('', ' ', 'ls', 'error: boom', 'done', '\n');
const block: fc.Arbitrary<Block> = fc.oneof(
  words.map(text),
  ids.map(use),
  fc.tuple(ids, words).map(([id, w]) => result(id, w)),
  words.map((w): Block => ({ type: 'thinking', thinking: w, signature: 'sig' })),
);
const draft: fc.Arbitrary<DraftMessage> = fc.record({
  role: fc.constantFrom<DraftMessage['role']>('user', 'assistant', 'system'),
  content: fc.oneof(words, fc.array(block, { maxLength: 4 })),
});

/** Every non-blank text a user wrote (text blocks and tool results), as found anywhere in the output. */
function userTexts(drafts: readonly DraftMessage[]): string[] {
  const out: string[] = [];
  for (const d of drafts) {
    if (d.role !== 'user') continue;
    if (typeof d.content === 'string') out.push(d.content);
    else for (const b of d.content) if (b.type === 'text') out.push(b.text);
  }
  return out.filter((t) => t.trim() !== '');
}

describe('repairMessages (properties)', () => {
  it('always yields a valid conversation, keeps every user text, and is deterministic and idempotent', () => {
    fc.assert(
      fc.property(fc.array(draft, { maxLength: 12 }), (drafts) => {
        const repaired = repairMessages(drafts);
        if (repaired.messages.length > 0)
          expect(validate({ messages: repaired.messages }).issues).toEqual([]);
        const all = JSON.stringify(repaired.messages);
        for (const t of userTexts(drafts)) expect(all).toContain(JSON.stringify(t).slice(1, -1));
        expect(repairMessages(drafts)).toEqual(repaired);
        const again = repairMessages(repaired.messages);
        expect(again.messages).toEqual(repaired.messages);
        expect(again.repairs).toEqual({});
      }),
      { numRuns: 400 },
    );
  });
});

describe('repairMessages on content that is not content', () => {
  it('leaves it in place for validate() to report instead of throwing', () => {
    const odd = { weird: true } as unknown as string;
    const repaired = repairMessages([
      { role: 'user', content: odd },
      { role: 'user', content: 'x' },
      { role: 'assistant', content: [use('a')] },
      { role: 'user', content: odd },
    ]);
    expect(repaired.messages.map((m) => m.content)).toEqual([odd, 'x', [use('a')], odd]);
    expect(validate({ messages: repaired.messages }).ok).toBe(false);
  });
});
