/**
 * Digests of `gardener compress` over every transcript file under the given folders (default: the
 * fixtures, the examples and ../shared/sessions), in three variants, one line each:
 * `npx tsx benchmarks/compress-digests.ts [folder...] > after.txt`, then `diff before.txt after.txt`.
 *
 * A refactoring that must not change what gardener writes runs it before and after: equal lines
 * mean byte-identical output (exit code, stdout, and the error when compress refuses a file).
 * Each run has a store of its own and a named project, since entry ids depend on both.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runGardener } from '../test/support/cli.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [
        path.join(root, 'test/fixtures/transcript'),
        path.join(root, 'examples'),
        path.resolve(root, '../shared/sessions'),
      ];

const VARIANTS: Record<string, string[]> = {
  anthropic: [],
  text: ['--to', 'text'],
  'keep-all': ['--keep-last', '0', '--min-tokens', '50'],
};

/** Files a transcript may be in (SOURCES.md and other notes are not transcripts). */
const TRANSCRIPT = /\.(jsonl?|traj|md)$/;

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => statSync(file).isFile() && TRANSCRIPT.test(file) && !file.endsWith('SOURCES.md'))
    .sort();
}

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-compress-digests-'));
try {
  let n = 0;
  for (const folder of folders) {
    for (const file of filesUnder(folder)) {
      for (const [variant, args] of Object.entries(VARIANTS)) {
        const db = path.join(dir, `${n++}.db`);
        const run = await runGardener(['compress', file, '--db', db, '--project', 'digests', ...args]);
        const failure = run.code === 0 ? '' : run.stderr;
        const digest = createHash('sha256').update(`${run.code}\n${run.stdout}\n${failure}`).digest('hex');
        const name = path.join(path.basename(folder), path.relative(folder, file));
        process.stdout.write(`${digest.slice(0, 16)} ${run.code} ${name} ${variant}\n`);
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
