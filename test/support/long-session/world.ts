import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The working directory of a long scripted Claude Code session: source files, build logs and test
 * reports big enough that a few dozen tool calls fill a 200k window, with a few needles (distinctive
 * strings) planted in early outputs for the session's last calls to ask about.
 */

/** One tool call the scripted model makes, and the needle its output holds, if any. */
export interface PlannedCall {
  id: string;
  name: 'Read' | 'Bash';
  input: Record<string, unknown>;
  needle?: string;
}

export interface World {
  dir: string;
  work: string;
  /** A directory with `gardener` on it (the CLI on the proxy's store), for Claude Code's Bash. */
  bin: string;
  calls: PlannedCall[];
  needles: PlannedCall[];
}

/** Lines of each generated file: about 4,700 cl100k tokens of output per tool call. */
const LINES_PER_FILE = 210;

export const ROOT = resolve(import.meta.dirname, '../../..');
export const TSX = join(ROOT, 'node_modules/.bin/tsx');
export const MAIN = join(ROOT, 'src/cli/main.ts');

/** A small deterministic generator (mulberry32): the same world on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['ledger', 'invoice', 'quota', 'tenant', 'cursor', 'batch', 'shard', 'token', 'rate', 'audit'];
const pick = (next: () => number, list: readonly string[]): string =>
  list[Math.floor(next() * list.length)] as string;

function sourceFile(index: number, next: () => number): string {
  const lines = [`"""Module ${index}: ${pick(next, WORDS)} handling."""`, 'import logging', ''];
  for (let n = 0; lines.length < LINES_PER_FILE; n++) {
    const a = pick(next, WORDS);
    const b = pick(next, WORDS);
    lines.push(
      `def ${a}_${b}_${index}_${n}(record, limit=${Math.floor(next() * 900) + 100}):`,
      `    value = record.get("${b}", 0) * ${Math.floor(next() * 97) + 3} + limit`,
      `    logging.debug("${a} %s over ${b} %s", value, limit)`,
      `    return value if value < ${Math.floor(next() * 99_999)} else limit`,
      '',
    );
  }
  return lines.join('\n');
}

function buildLog(index: number, next: () => number, needle?: string): string {
  const lines: string[] = [];
  for (let n = 0; n < LINES_PER_FILE; n++) {
    const level = next() < 0.08 ? 'WARN' : 'INFO';
    const ms = Math.floor(next() * 9_000);
    lines.push(
      `2026-11-26T09:${String(n % 60).padStart(2, '0')}:${String(Math.floor(next() * 60)).padStart(2, '0')}Z ${level} ` +
        `worker-${Math.floor(next() * 16)} ${pick(next, WORDS)}.${pick(next, WORDS)} job=${index * 1000 + n} took ${ms}ms rows=${Math.floor(next() * 50_000)}`,
    );
  }
  if (needle)
    lines.splice(
      LINES_PER_FILE / 2,
      0,
      `2026-11-26T09:31:07Z ERROR worker-3 ledger.commit job=${index * 1000 + 77} failed: code ${needle}`,
    );
  return lines.join('\n');
}

function testReport(index: number, next: () => number, needle?: string): string {
  const lines = [
    `============================= test session starts (run ${index}) =============================`,
  ];
  for (let n = 0; lines.length < LINES_PER_FILE; n++) {
    const ok = next() > 0.03;
    lines.push(
      `tests/test_${pick(next, WORDS)}_${index}.py::test_${pick(next, WORDS)}_${n} ${ok ? 'PASSED' : 'FAILED'} [${Math.floor(next() * 100)}%] (${(next() * 3).toFixed(3)}s)`,
    );
  }
  if (needle)
    lines.splice(
      LINES_PER_FILE / 2,
      0,
      `FAILED tests/test_ledger_${index}.py::test_commit - AssertionError: ${needle}`,
    );
  lines.push(`======== ${LINES_PER_FILE} tests in ${(next() * 90).toFixed(2)}s ========`);
  return lines.join('\n');
}

/**
 * Writes the world for a session of `toolCalls` tool calls, `needles` of them planted (spread over
 * the first half of the session, so the later calls that ask about them are far away).
 */
export function buildWorld(dir: string, toolCalls: number, needles: number): World {
  const work = join(dir, 'work');
  const bin = join(dir, 'bin');
  for (const sub of ['src', 'logs', 'reports']) mkdirSync(join(work, sub), { recursive: true });
  mkdirSync(bin, { recursive: true });
  const next = random(20);
  const planted = new Set(
    Array.from({ length: needles }, (_, k) => 1 + Math.floor((k * toolCalls) / (2 * needles))),
  );
  const calls: PlannedCall[] = [];
  for (let i = 0; i < toolCalls; i++) {
    const needle = planted.has(i)
      ? `QX-${String(48_271 + i * 7_919).slice(-5)}-${pick(next, WORDS).toUpperCase()}`
      : undefined;
    const id = `toolu_long_${String(i).padStart(3, '0')}`;
    // Needles alternate between a build log and a test report; other calls cycle source, log, report.
    const kind = needle ? 1 + (calls.filter((call) => call.needle).length % 2) : i % 3;
    if (kind === 0) {
      const path = join(work, 'src', `module_${i}.py`);
      writeFileSync(path, sourceFile(i, next));
      calls.push({ id, name: 'Read', input: { file_path: path } });
      continue;
    }
    const sub = kind === 1 ? 'logs' : 'reports';
    const file = kind === 1 ? `build_${i}.log` : `tests_${i}.txt`;
    writeFileSync(
      join(work, sub, file),
      kind === 1 ? buildLog(i, next, needle) : testReport(i, next, needle),
    );
    calls.push({
      id,
      name: 'Bash',
      input: { command: `cat ${sub}/${file}`, description: `Show ${sub} ${i}` },
      ...(needle ? { needle } : {}),
    });
  }
  writeFileSync(join(bin, 'gardener'), `#!/bin/sh\nexec "${TSX}" "${MAIN}" "$@"\n`);
  chmodSync(join(bin, 'gardener'), 0o755);
  return { dir, work, bin, calls, needles: calls.filter((call) => call.needle !== undefined) };
}
