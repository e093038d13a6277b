import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isGardenerError } from '../../../src/errors.js';
import { readInput } from '../../../src/core/transcript/read-input.js';
import { readSessionPaths } from '../../../src/core/transcript/session-paths.js';

const sessions = path.resolve(import.meta.dirname, '../../../../shared/sessions');
const present = existsSync(sessions);
if (!present) console.warn(`skipping damaged-session reads: ${sessions} is absent`);

/** A small deterministic generator, so a failure names a reproducible case. */
function lcg(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

describe.skipIf(!present)('reading damaged recorded sessions', () => {
  it('either parses or fails with a GardenerError naming the file, never an internal error', async () => {
    const random = lcg(7);
    const dir = mkdtempSync(path.join(tmpdir(), 'gardener-damaged-'));
    const files = (await readSessionPaths([sessions])).filter((_, i) => i % 6 === 0);
    let cases = 0;
    for (const { path: source } of files) {
      const bytes = readFileSync(source);
      if (bytes.length === 0) continue;
      for (const damage of ['truncate', 'flip'] as const) {
        const data =
          damage === 'truncate' ? bytes.subarray(0, Math.floor(random() * bytes.length)) : Buffer.from(bytes);
        if (damage === 'flip')
          for (let j = 0; j < 5; j++) data[Math.floor(random() * data.length)] = Math.floor(random() * 256);
        const file = path.join(dir, `${cases++}-${damage}${path.extname(source)}`);
        writeFileSync(file, data);
        try {
          await readInput(file);
        } catch (error) {
          expect(isGardenerError(error), `${damage} of ${source}: ${String(error)}`).toBe(true);
          expect((error as Error).message).toContain(path.basename(file));
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
    expect(cases).toBeGreaterThan(20);
  });
});
