import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { INJECT_BEGIN, INJECT_END, stripInjected, wrapInjected } from '../../../src/core/transcript/strip.js';
import { INJECTED_REMOVED, stripMessage } from '../../../src/core/transcript/strip-message.js';

describe('stripInjected', () => {
  it('removes a wrapped region appended after user text, with its separator', () => {
    const text = `fix the vat test\n\n${wrapInjected('recall: id=abc')}`;
    expect(stripInjected(text)).toEqual({ text: 'fix the vat test', stripped: 1 });
  });

  it('removes a region prefixed before the user text (hook prepend)', () => {
    const text = `${wrapInjected('notes')}\n\nplease continue`;
    expect(stripInjected(text)).toEqual({ text: 'please continue', stripped: 1 });
  });

  it('removes a region in the middle and keeps both sides', () => {
    const text = `media note: 1 image\n${wrapInjected('ctx')}\nuser body`;
    expect(stripInjected(text).text).toBe('media note: 1 image\nuser body');
  });

  it('removes several regions', () => {
    const text = `a\n${wrapInjected('1')}\nb\n${wrapInjected('2')}`;
    expect(stripInjected(text)).toEqual({ text: 'a\nb', stripped: 2 });
  });

  it('is a no-op on a begin marker without an end', () => {
    const text = `keep ${INJECT_BEGIN} this user text`;
    expect(stripInjected(text)).toEqual({ text, stripped: 0 });
  });

  it('is a no-op on an end marker without a begin', () => {
    const text = `keep ${INJECT_END} this`;
    expect(stripInjected(text)).toEqual({ text, stripped: 0 });
  });

  it('leaves an unclosed outer begin and strips only the well-formed inner region', () => {
    const text = `x ${INJECT_BEGIN} user ${INJECT_BEGIN}inj${INJECT_END} tail`;
    expect(stripInjected(text).text).toBe(`x ${INJECT_BEGIN} user  tail`);
  });

  it('removes exactly the well-formed regions and keeps every user piece (property)', () => {
    const userPiece = fc.string().map((t) =>
      t
        .split(INJECT_BEGIN)
        .join('')
        .split(INJECT_END)
        .join('')
        .replace(/^[\r\n]+/, ''),
    );
    const region = fc.string().map((t) => t.split(INJECT_END).join(''));
    fc.assert(
      fc.property(userPiece, fc.array(fc.tuple(region, userPiece), { maxLength: 5 }), (first, rest) => {
        const text = first + rest.map(([r, u]) => wrapInjected(r) + u).join('');
        const expected = first + rest.map(([, u]) => u).join('');
        const result = stripInjected(text);
        expect(result.text).toBe(expected);
        expect(result.stripped).toBe(rest.length);
      }),
      { numRuns: 500 },
    );
  });

  it('never lengthens a text, whatever markers it holds (property)', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constant(INJECT_BEGIN),
      fc.constant(INJECT_END),
      fc.constant('\n'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        const result = stripInjected(text);
        expect(result.text.length).toBeLessThanOrEqual(text.length);
        if (result.stripped === 0) expect(result.text).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('returns the input unchanged when stripping finds nothing (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const text = s.split(INJECT_BEGIN).join('');
        expect(stripInjected(text).text).toBe(text);
      }),
    );
  });
});

describe('stripMessage', () => {
  it('drops a text block that held only injection and keeps the tool results', () => {
    const message = {
      role: 'user' as const,
      content: [
        { type: 'tool_result' as const, tool_use_id: 't1', content: 'ok' },
        { type: 'text' as const, text: wrapInjected('recall hits') },
      ],
    };
    const { message: out, stripped } = stripMessage(message);
    expect(stripped).toBe(1);
    expect(out.content).toEqual([{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }]);
  });

  it('keeps the message valid when nothing but injection was in it', () => {
    const { message } = stripMessage({ role: 'user', content: wrapInjected('x') });
    expect(message.content).toBe(INJECTED_REMOVED);
  });

  it('strips injected recall output from tool_result text parts', () => {
    const { message } = stripMessage({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 't',
          content: [{ type: 'text', text: `found:\n${wrapInjected('hit')}` }],
        },
      ],
    });
    expect(message.content).toEqual([
      { type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'found:' }] },
    ]);
  });

  it('never touches assistant messages', () => {
    const message = { role: 'assistant' as const, content: `I saw ${wrapInjected('x')}` };
    expect(stripMessage(message).message).toBe(message);
  });

  it('returns the same object when there is nothing to strip', () => {
    const message = { role: 'user' as const, content: [{ type: 'text' as const, text: 'hello' }] };
    expect(stripMessage(message).message).toBe(message);
  });
});
