import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support.js';
import { startChild, verifyStore, type Committed } from './reliability-support.js';

// A slice of benchmarks/store-reliability.ts (100 kills, 8 × 1,000), small enough for npm test.
const KILLS = 10;
const WORKERS = 4;
const PER_WORKER = 200;

const { dir, cleanup } = tempDir();
afterAll(cleanup);

describe('store reliability', () => {
  it(`survives ${KILLS} SIGKILLs mid-ingest: opens, passes integrity_check, keeps every committed entry`, async () => {
    const db = path.join(dir, 'killed.db');
    const committed: Committed[] = [];
    for (let run = 0; run < KILLS; run++) {
      const started = startChild(db, run, 100_000);
      await started.ready;
      // A different moment each run: right after opening, or some way into a burst of commits.
      await new Promise((resolve) => setTimeout(resolve, (run * 37) % 160));
      started.child.kill('SIGKILL');
      const result = await started.done;
      expect(result.signal === 'SIGKILL' || result.code === 0).toBe(true);
      committed.push(...result.committed.map(([i, id]) => ({ worker: run, i, id })));
      const verdict = await verifyStore(db, committed);
      expect(verdict.error).toBeUndefined();
      expect(verdict.integrity).toEqual([]);
      expect(verdict.lost).toEqual([]);
    }
    expect(committed.length).toBeGreaterThan(0);
  }, 120_000);

  it(`${WORKERS} processes ingesting ${PER_WORKER} entries each at once into a new database lose nothing and never report busy`, async () => {
    const db = path.join(dir, 'concurrent.db');
    const runs = Array.from({ length: WORKERS }, (_, worker) => startChild(db, 100 + worker, PER_WORKER));
    const results = await Promise.all(runs.map((r) => r.done));
    for (const result of results) {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.committed).toHaveLength(PER_WORKER);
    }
    const committed = results.flatMap((r, w) => r.committed.map(([i, id]) => ({ worker: 100 + w, i, id })));
    expect(new Set(committed.map((c) => c.id)).size).toBe(WORKERS * PER_WORKER);
    const verdict = await verifyStore(db, committed);
    expect(verdict.integrity).toEqual([]);
    expect(verdict.lost).toEqual([]);
  }, 120_000);
});
