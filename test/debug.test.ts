import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { debug } from '../src/debug.js';

const before = process.env['GARDENER_DEBUG'];
afterEach(() => {
  if (before === undefined) delete process.env['GARDENER_DEBUG'];
  else process.env['GARDENER_DEBUG'] = before;
});

describe('debug', () => {
  it('never throws when its log file cannot be written', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gardener-debug-'));
    try {
      process.env['GARDENER_DEBUG'] = dir; // a folder: appending to it fails
      expect(() => debug('test', 'a line')).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
