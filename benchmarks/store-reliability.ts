/**
 * Store reliability figures (issue "store and recall"):
 *   kill         N child processes SIGKILLed at random moments while ingesting into one database:
 *                after each, the database opens, passes PRAGMA integrity_check and holds every
 *                entry whose commit the child reported.
 *   concurrent   W processes ingesting E entries each at once into a new database: none lost,
 *                no SQLITE_BUSY reaching the user.
 *   damaged      damaged or unreadable files: the error code and message a user sees.
 *
 * Run: npx tsx benchmarks/store-reliability.ts [--kills 100] [--workers 8] [--entries 1000]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GardenerError } from '../src/errors.js';
import { openStore } from '../src/core/store/open.js';
import { startChild, verifyStore, type Committed } from '../test/core/store/reliability-support.js';
import { recall } from '../src/core/recall/recall.js';

interface Args {
  kills: number;
  workers: number;
  entries: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { kills: 100, workers: 8, entries: 1_000 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = Number(argv[++i]);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${flag} needs a positive whole number`);
    if (flag === '--kills') args.kills = value;
    else if (flag === '--workers') args.workers = value;
    else if (flag === '--entries') args.entries = value;
    else throw new Error(`unknown argument ${flag}`);
  }
  return args;
}

/** Deterministic pseudo-random delays, so a run can be repeated. */
function delays(n: number, maxMs: number): number[] {
  let x = 0x2545f491;
  return Array.from({ length: n }, () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return Math.abs(x) % maxMs;
  });
}

async function kills(dir: string, n: number): Promise<void> {
  const db = path.join(dir, 'killed.db');
  const committed: Committed[] = [];
  let opened = 0;
  let intact = 0;
  let lost = 0;
  let killedMidway = 0;
  const waits = delays(n, 400);
  const started = Date.now();
  for (let run = 0; run < n; run++) {
    const child = startChild(db, run, 1_000_000);
    await child.ready;
    await new Promise((resolve) => setTimeout(resolve, waits[run]));
    child.child.kill('SIGKILL');
    const result = await child.done;
    if (result.signal === 'SIGKILL') killedMidway++;
    committed.push(...result.committed.map(([i, id]) => ({ worker: run, i, id })));
    const verdict = await verifyStore(db, committed);
    if (verdict.opened) opened++;
    if (verdict.opened && verdict.integrity.length === 0) intact++;
    lost += verdict.lost.length;
    if (verdict.error || verdict.integrity.length > 0 || verdict.lost.length > 0) {
      console.log(
        `  run ${run}: ${verdict.error ?? ''} ${verdict.integrity.join('; ')} lost ${verdict.lost.length}`,
      );
    }
    process.stderr.write(
      `\rkill ${run + 1}/${n}: ${committed.length.toLocaleString('en-US')} committed entries checked`,
    );
  }
  process.stderr.write('\n');
  console.log(
    `\n## SIGKILL during ingest: ${n} runs (${killedMidway} killed mid-run), ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(`opened after kill        ${opened}/${n}`);
  console.log(`integrity_check ok       ${intact}/${n}`);
  console.log(
    `committed entries        ${committed.length.toLocaleString('en-US')}, lost or changed: ${lost}`,
  );
}

async function concurrent(dir: string, workers: number, entries: number): Promise<void> {
  const db = path.join(dir, 'concurrent.db');
  const started = Date.now();
  const runs = Array.from({ length: workers }, (_, w) => startChild(db, 10_000 + w, entries));
  const results = await Promise.all(runs.map((r) => r.done));
  const seconds = (Date.now() - started) / 1000;
  const committed = results.flatMap((r, w) => r.committed.map(([i, id]) => ({ worker: 10_000 + w, i, id })));
  const failures = results.filter((r) => r.code !== 0);
  const busy = results.filter((r) => /BUSY|locked/i.test(r.stderr)).length;
  const verdict = await verifyStore(db, committed);
  console.log(
    `\n## ${workers} processes × ${entries.toLocaleString('en-US')} entries at once, into a new database: ${seconds.toFixed(1)} s`,
  );
  console.log(
    `processes failed         ${failures.length}${failures.map((f) => `\n  ${f.stderr.trim()}`).join('')}`,
  );
  console.log(`busy errors seen         ${busy}`);
  console.log(
    `committed                ${committed.length.toLocaleString('en-US')} of ${(workers * entries).toLocaleString('en-US')}, distinct ids ${new Set(committed.map((c) => c.id)).size.toLocaleString('en-US')}`,
  );
  console.log(
    `lost or changed          ${verdict.lost.length}, integrity_check ${verdict.integrity.length === 0 ? 'ok' : verdict.integrity.join('; ')}`,
  );
  console.log(
    `throughput               ${Math.round(committed.length / seconds).toLocaleString('en-US')} entries/s across processes`,
  );
}

function damaged(dir: string): void {
  console.log('\n## damaged or unreadable database files');
  const good = path.join(dir, 'good.db');
  const store = openStore({ path: good });
  for (let i = 0; i < 300; i++) {
    store.ingest({
      scope: { project: 'p', session: 's' },
      class: 'log',
      original: `entry ${i} `.repeat(300),
      summary: `entry ${i}`,
      tokensOriginal: 600,
      tokensSummary: 3,
      priority: 20,
    });
  }
  store.close();
  const bytes = readFileSync(good);
  const cases: Array<[string, (file: string) => void]> = [
    ['text file in its place', (f) => writeFileSync(f, 'my notes\n'.repeat(200))],
    [
      'header overwritten',
      (f) => writeFileSync(f, Buffer.concat([Buffer.alloc(100, 0x41), bytes.subarray(100)])),
    ],
    [
      'pages after the first scrambled',
      (f) => writeFileSync(f, Buffer.from(bytes.map((b, i) => (i < 4096 ? b : (i * 131) & 0xff)))),
    ],
    ['truncated to half', (f) => writeFileSync(f, bytes.subarray(0, Math.floor(bytes.length / 2)))],
    ['a folder in its place', (f) => mkdirSync(f)],
  ];
  for (const [label, damage] of cases) {
    const file = path.join(dir, `${label.replace(/\W+/g, '-')}.db`);
    damage(file);
    const before = safeRead(file);
    let outcome: string;
    try {
      const s = openStore({ path: file });
      const problems = (() => {
        try {
          recall(s, 'entry', { project: 'p', session: 's' });
          return s.check();
        } finally {
          s.close();
        }
      })();
      outcome =
        problems.length === 0
          ? 'opened, no problem found'
          : `opened; integrity check reports ${problems.length} problem(s)`;
    } catch (error) {
      outcome =
        error instanceof GardenerError
          ? `${error.code}: ${error.message}${error.hint ? ` — ${error.hint}` : ''}`
          : `crash: ${String(error)}`;
    }
    const untouched = before === undefined || Buffer.compare(before, safeRead(file) ?? Buffer.alloc(0)) === 0;
    console.log(`- ${label}: ${outcome}\n  file left untouched: ${untouched ? 'yes' : 'NO'}`);
  }
}

function safeRead(file: string): Buffer | undefined {
  try {
    return statSync(file).isFile() ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gardener-reliability-'));
  console.log(
    `# store reliability · ${os.cpus()[0]?.model.trim() ?? 'cpu'} × ${os.cpus().length} · Node ${process.version} · load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  try {
    damaged(dir);
    await concurrent(dir, args.workers, args.entries);
    await kills(dir, args.kills);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
