import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashJson, hashText, lineSlices, textSlices } from '../../../src/core/format/index.js';

const MB = 1 << 20;
/** A text over a slice long, with a surrogate pair straddling every slice boundary and escapes to make. */
function awkward(length: number): string {
  const unit = 'line "quoted" \\ tab\there é\n';
  let text = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  for (let at = MB - 1; at < text.length - 2; at += MB) text = `${text.slice(0, at)}😀${text.slice(at + 2)}`;
  return text;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('slices of a huge text', () => {
  it('never split a surrogate pair, so their bytes are the whole text’s', () => {
    const text = awkward(3 * MB + 17);
    const slices = [...textSlices(text, MB)];
    expect(slices.join('')).toBe(text);
    expect(slices.length).toBe(4);
    expect(Buffer.concat(slices.map((s) => Buffer.from(s))).equals(Buffer.from(text))).toBe(true);
  });

  it('end at a line end when one is near', () => {
    const text = awkward(3 * MB);
    const slices = [...lineSlices(text, MB)];
    expect(slices.join('')).toBe(text);
    for (const slice of slices.slice(0, -1)) expect(slice.endsWith('\n')).toBe(true);
  });

  it('hash to what the whole text and its JSON hash to', () => {
    const text = awkward(2 * MB + 5);
    expect(hashText(createHash('sha1'), text).digest('hex')).toBe(sha1(text));
    const block = {
      type: 'tool_result',
      tool_use_id: 't1',
      content: [{ type: 'text', text, cache_control: { type: 'ephemeral' } }],
      n: 1.5,
      ok: true,
      none: null,
      gone: undefined,
    };
    expect(hashJson(createHash('sha1'), block).digest('hex')).toBe(sha1(JSON.stringify(block)));
    const dropped = JSON.stringify(block, (key, value: unknown) =>
      key === 'cache_control' ? undefined : value,
    );
    expect(hashJson(createHash('sha1'), block, new Set(['cache_control'])).digest('hex')).toBe(sha1(dropped));
    const small = { a: [1, 'two', { three: 3 }] };
    expect(hashJson(createHash('sha1'), small).digest('hex')).toBe(sha1(JSON.stringify(small)));
  });
});
