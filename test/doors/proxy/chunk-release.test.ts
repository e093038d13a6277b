import { describe, expect, it } from 'vitest';
import { releaseChunk } from '../../../src/doors/proxy/chunk-release.js';

describe('letting a copied body chunk go', () => {
  it('frees a chunk that is the whole of its own memory', () => {
    const chunk = Buffer.alloc(64 * 1024, 1);
    expect(releaseChunk(chunk)).toBe(true);
    expect(chunk.buffer.byteLength).toBe(0);
    expect(chunk.length).toBe(0);
  });

  it('leaves a slice of a larger buffer, shared memory and small chunks alone', () => {
    const whole = Buffer.alloc(128 * 1024, 2);
    const slice = whole.subarray(0, 64 * 1024);
    const shared = Buffer.from(new SharedArrayBuffer(64 * 1024));
    const small = Buffer.alloc(1024, 3);
    for (const chunk of [slice, shared, small, whole.subarray(1)]) expect(releaseChunk(chunk)).toBe(false);
    expect(whole.buffer.byteLength).toBe(128 * 1024);
    expect(small[0]).toBe(3);
  });
});
