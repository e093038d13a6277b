/**
 * Child process for the reliability tests and benchmarks/store-reliability.ts: opens the store and
 * ingests `count` entries, printing `<i> <id>` on stdout after each commit (synchronously, so a
 * line printed is a transaction committed). Usage: ingest-child.ts DB WORKER COUNT
 */
import { writeSync } from 'node:fs';
import { isGardenerError } from '../../../src/errors.js';
import { openStore } from '../../../src/core/store/open.js';
import { childEntry } from './reliability-support.js';

const [file, worker, count] = process.argv.slice(2);
try {
  const store = openStore({ path: file ?? '' });
  writeSync(1, 'ready\n');
  for (let i = 0; i < Number(count); i++) {
    const { id } = store.ingest(childEntry(Number(worker), i));
    writeSync(1, `${i} ${id}\n`);
  }
  store.close();
} catch (error) {
  writeSync(
    2,
    `${isGardenerError(error) ? error.code : 'CRASH'} ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
}
