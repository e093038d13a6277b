import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/open.js';
import { hostileInput } from './hostile.js';
import { foundInDatabase } from './secrets-support.js';
import { runTrial } from './trial.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Characters per piece of a generated text: small here; benchmarks/fuzz.ts goes to 1 MB. */
const MAX_CHARS = 20_000;
/** One input through every path, on a loaded 2-core machine (the quadratic regexes took minutes). */
const TRIAL_BOUND_MS = 4_000;
const MEMORY_BOUND = 400 * 1024 * 1024;

describe('hostile input through every reading and storing path', () => {
  it('never crashes, hangs, grows memory without bound, renders an invalid request or leaks a secret', async () => {
    const db = path.join(dir, 'fuzz.db');
    const store = openStore({ path: db });
    const planted: string[] = [];
    let n = 0;
    const baseline = process.memoryUsage().rss;
    try {
      await fc.assert(
        fc.asyncProperty(hostileInput(MAX_CHARS), async (input) => {
          planted.push(...input.secrets.flatMap((s) => s.values));
          const trial = await runTrial(input, { dir, store, n: n++ });
          expect(trial.failures).toEqual([]);
          expect(trial.totalMs, `slowest: ${trial.slowest.path}`).toBeLessThan(TRIAL_BOUND_MS);
          expect(process.memoryUsage().rss - baseline).toBeLessThan(MEMORY_BOUND);
        }),
        { numRuns: 25, seed: 20261125 },
      );
    } finally {
      store.close();
    }
    expect(foundInDatabase(db, planted)).toEqual([]);
  }, 120_000);
});
