import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntryInput } from '../../../src/core/store/types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(here, 'ingest-child.ts');
const REPO = path.resolve(here, '../../..');

/** Entry `i` of worker `w`: sizes vary from a line to ~60 KB so commits span one page or many. */
export function childOriginal(worker: number, i: number): string {
  const size = [40, 400, 4_000, 60_000][(worker * 7 + i) % 4] ?? 40;
  const line = `worker ${worker} entry ${i} token_${worker}_${i} `;
  return line.repeat(Math.ceil(size / line.length));
}

export function childEntry(worker: number, i: number): EntryInput {
  const original = childOriginal(worker, i);
  return {
    scope: { project: `reliability-${worker % 2}`, session: `worker-${worker}` },
    class: 'log',
    original,
    summary: `worker ${worker} entry ${i}`,
    tokensOriginal: Math.ceil(original.length / 4),
    tokensSummary: 6,
    priority: 20,
    blockKey: `w${worker}-b${i}`,
  };
}

export interface ChildRun {
  child: ChildProcess;
  /** Resolves when the child says it opened the store. */
  ready: Promise<void>;
  /** Resolves at exit with the committed `[i, id]` pairs, the exit code or signal, and stderr. */
  done: Promise<{
    committed: Array<[number, string]>;
    code: number | null;
    signal: NodeJS.Signals | null;
    stderr: string;
  }>;
}

/** Starts an ingesting child (`node --import tsx ingest-child.ts DB WORKER COUNT`). */
export function startChild(db: string, worker: number, count: number): ChildRun {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, db, String(worker), String(count)], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    if (stdout.startsWith('ready\n')) markReady();
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const done = new Promise<Awaited<ChildRun['done']>>((resolve) => {
    child.on('close', (code, signal) => {
      markReady();
      const committed: Array<[number, string]> = [];
      for (const line of stdout.split('\n')) {
        const match = /^(\d+) ([0-9a-z]{8})$/.exec(line);
        if (match) committed.push([Number(match[1]), match[2] ?? '']);
      }
      resolve({ committed, code, signal, stderr });
    });
  });
  return { child, ready, done };
}

export interface Committed {
  worker: number;
  i: number;
  id: string;
}

export interface Verdict {
  opened: boolean;
  integrity: string[];
  /** Committed entries missing or not byte-identical. */
  lost: Committed[];
  error?: string;
}

/** Opens the database as a user would and checks it holds every committed entry, intact. */
export async function verifyStore(db: string, committed: readonly Committed[]): Promise<Verdict> {
  const { openStore } = await import('../../../src/core/store/open.js');
  let store;
  try {
    store = openStore({ path: db });
  } catch (error) {
    return {
      opened: false,
      integrity: [],
      lost: [...committed],
      error: error instanceof Error ? error.message : String(error),
    };
  }
  try {
    const integrity = store.check();
    const lost = committed.filter((c) => store.fetch(c.id)?.original !== childOriginal(c.worker, c.i));
    return { opened: true, integrity, lost };
  } finally {
    store.close();
  }
}
