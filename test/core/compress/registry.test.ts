import { describe, expect, it } from 'vitest';
import { compressorFor, ownCompressor, sniffedCompressor } from '../../../src/core/compress/registry.js';
import type { CompressibleClass } from '../../../src/core/compress/types.js';

const LISTING = Array.from({ length: 30 }, (_, i) => `src/module-${i}/file-${i}.ts`).join('\n');
const EDIT_ECHO = [
  "The file src/vat.ts has been updated. Here's the result of running `cat -n` on a snippet of the edited file:",
  '    28→export function vat(amount: number): number {',
  '    29→  return amount * 0.2;',
  '    30→}',
].join('\n');
const CLASSES: CompressibleClass[] = ['log', 'error', 'code', 'structured', 'prose'];

describe('the compressor registry', () => {
  it('gives every class its own compressor when no sniffer claims the text', () => {
    const plain = 'nothing here is a listing, an edit echo or a mixed log';
    for (const cls of CLASSES) {
      expect(compressorFor(cls, plain)).toBe(ownCompressor(cls));
    }
  });

  it('hands a listing to the listing compressor in every class but code', () => {
    for (const cls of CLASSES) {
      const chosen = compressorFor(cls, LISTING);
      if (cls === 'code') expect(chosen).toBe(ownCompressor('code'));
      else expect(chosen(LISTING, {}).note).toMatch(/^listing|paths/);
    }
  });

  it("recognises an edit tool's echo on the whole text, whatever the class, and only there", () => {
    for (const cls of CLASSES) {
      expect(sniffedCompressor(cls, EDIT_ECHO, 'text')).toBeDefined();
      expect(sniffedCompressor(cls, EDIT_ECHO, 'body')).toBeUndefined();
    }
    expect(sniffedCompressor('log', LISTING, 'text')).toBeUndefined();
  });

  it('guards every compressor it hands out: a throw gives the original back', () => {
    const hostile = { toString: () => 'x' } as unknown as string;
    for (const cls of CLASSES) expect(() => ownCompressor(cls)(hostile, {})).not.toThrow();
  });
});
