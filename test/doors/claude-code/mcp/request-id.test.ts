import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIdScanner } from '../../../../src/doors/claude-code/mcp/request-id.js';

/** The id the scanner finds in `text`, fed in pieces of `size` bytes. */
function scan(text: string, size = 7): string | number | null {
  const scanner = createIdScanner();
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) scanner.push(bytes.subarray(at, at + size));
  return scanner.id();
}

describe('the id of a JSON-RPC line too large to read', () => {
  it('is found wherever it stands at the top level, as a number or a string', () => {
    expect(scan('{"jsonrpc":"2.0","id":42,"method":"tools/list"}')).toBe(42);
    expect(scan('{"method":"x","params":{"id":"inner","a":[1,{"id":2}]},"jsonrpc":"2.0","id":"req-7"}')).toBe(
      'req-7',
    );
    expect(scan('{ "id" : -3 }')).toBe(-3);
    expect(scan('{"id":"a\\"b\\\\c é"}')).toBe('a"b\\c é');
    expect(scan('{"params":{"text":"\\"id\\": 5, "},"id":8}')).toBe(8);
  });

  it('is null when there is none to find', () => {
    expect(scan('{"jsonrpc":"2.0","method":"notifications/x"}')).toBeNull();
    expect(scan('{"params":{"id":3}}')).toBeNull();
    expect(scan('[{"id":1}]')).toBeNull();
    expect(scan('{"id":null}')).toBeNull();
    expect(scan('{"id":{"n":1}}')).toBeNull();
    expect(scan('not json at all "id": 4')).toBeNull();
    expect(scan(`{"id":"${'z'.repeat(5000)}"}`)).toBeNull();
  });

  it('agrees with JSON.parse on any object, in pieces of any size', () => {
    const id = fc.oneof(fc.integer(), fc.string(), fc.constant(null));
    const message = fc.record({ id, params: fc.jsonValue(), method: fc.string() });
    fc.assert(
      fc.property(message, fc.integer({ min: 1, max: 64 }), (object, size) => {
        const text = JSON.stringify(object);
        const expected = (JSON.parse(text) as { id: unknown }).id;
        expect(scan(text, size)).toEqual(expected ?? null);
      }),
    );
  });
});
