import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBody } from '../../src/doors/proxy/body-read.js';

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
});
