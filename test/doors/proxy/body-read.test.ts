import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createBodyReader } from '../../../src/doors/proxy/body-read.js';

const readBody = (req: IncomingMessage, max: number) => createBodyReader().read(req, max);

function request(chunks: string[], length?: number): IncomingMessage {
  const stream = Readable.from(chunks.map((chunk) => Buffer.from(chunk))) as unknown as IncomingMessage;
  stream.headers = length === undefined ? {} : { 'content-length': String(length) };
  return stream;
}

describe('reading a request body', () => {
  it('reads a body of stated length into shared memory, byte for byte', async () => {
    const body = await readBody(request(['{"a":', '"ü"}'], Buffer.byteLength('{"a":"ü"}')), 100);
    expect(body?.toString()).toBe('{"a":"ü"}');
    expect(body?.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('reads a body of unstated length into shared memory too', async () => {
    const body = await readBody(request(['abc', 'def']), 100);
    expect(body?.toString()).toBe('abcdef');
    expect(body?.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('gives up on a body over the limit, stated or not', async () => {
    expect(await readBody(request(['abcdef'], 6), 5)).toBeUndefined();
    expect(await readBody(request(['abc', 'def']), 5)).toBeUndefined();
  });

  it('reads the next body into the memory warmed for it, once', async () => {
    const reader = createBodyReader();
    reader.warm(100_000);
    const first = await reader.read(request(['x'.repeat(90_000), 'yz'], 90_002), 1_000_000);
    expect(first?.toString()).toBe('x'.repeat(90_000) + 'yz');
    expect(first?.length).toBe(90_002);
    // The warmed buffer, with room left for a longer next body.
    expect(first?.buffer.byteLength).toBeGreaterThan(100_000);
    const second = await reader.read(request(['abc'], 3), 100);
    expect(second?.buffer.byteLength).toBe(3);
  });

  it('gives a small body fresh memory, not a warmed buffer many times its size', async () => {
    const reader = createBodyReader();
    reader.warm(100_000);
    const small = await reader.read(request(['abc'], 3), 100);
    expect(small?.buffer.byteLength).toBe(3);
    const big = await reader.read(request(['x'.repeat(100_000)], 100_000), 1_000_000);
    expect(big?.buffer.byteLength).toBeGreaterThan(100_000);
  });

  it('frees each chunk of its own memory once copied, stated length or not', async () => {
    for (const stated of [true, false]) {
      const chunks = [Buffer.alloc(40_000, 'a'), Buffer.alloc(30_000, 'b')];
      const req = Readable.from(chunks) as unknown as IncomingMessage;
      req.headers = stated ? { 'content-length': '70000' } : {};
      const body = await readBody(req, 1_000_000);
      expect(body?.toString()).toBe('a'.repeat(40_000) + 'b'.repeat(30_000));
      expect(chunks.map((chunk) => chunk.buffer.byteLength)).toEqual([0, 0]);
    }
  });
});
