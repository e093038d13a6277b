import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headOf, parseBodyByMessages } from '../../../src/core/transcript/read-body.js';

const message = fc.record({
  role: fc.constantFrom('user', 'assistant'),
  content: fc.oneof(fc.string(), fc.array(fc.record({ type: fc.constant('text'), text: fc.string() }))),
});
const body = fc.record({
  model: fc.string(),
  messages: fc.array(message, { maxLength: 6 }),
  system: fc.option(fc.string(), { nil: undefined }),
});

describe('a request body parsed a message at a time', () => {
  it('is the value JSON.parse gives for the whole text, however it is spaced', () => {
    fc.assert(
      fc.property(body, fc.constantFrom(undefined, 1, '\t'), (value, space) => {
        const text = JSON.stringify(value, null, space);
        expect(parseBodyByMessages(Buffer.from(text))).toEqual(JSON.parse(text));
      }),
    );
  });

  it('keeps the keys in their order', () => {
    const text = '{"a":1,"messages":[{"role":"user","content":"x"}],"z":[2]}';
    expect(Object.keys(parseBodyByMessages(Buffer.from(text))!)).toEqual(['a', 'messages', 'z']);
  });

  it('gives nothing for what is not one valid body, so the text is parsed whole', () => {
    fc.assert(
      fc.property(body, fc.nat(), (value, cut) => {
        const text = JSON.stringify(value);
        const broken = text.slice(0, cut % text.length);
        expect(parseBodyByMessages(Buffer.from(broken))).toBeUndefined();
      }),
    );
    for (const text of [
      '[{"role":"user","content":"x"}]',
      '{"messages":[],"messages":[]}',
      '{"__proto__":1,"messages":[]}',
      '{"messages":[{"role":"user","content":"x"} {"role":"user"}]}',
      '\uFEFF{"messages":[]}',
    ])
      expect(parseBodyByMessages(Buffer.from(text))).toBeUndefined();
    expect(parseBodyByMessages(Buffer.from([0x7b, 0xff, 0x7d]))).toBeUndefined();
  });

  it('cuts its head on a character boundary', () => {
    expect(headOf(Buffer.from('aé'), 2)).toBe('a');
    expect(headOf(Buffer.from('abc'), 2)).toBe('ab');
  });
});
