import type { Rng } from './random.js';

/** `grep -rn` style output: path:line:text. */
export function grepOutput(hits: Array<{ path: string; line: number; text: string }>): string {
  return hits.map((h) => `${h.path}:${h.line}:${h.text}`).join('\n');
}

/** A `git diff` of one file with one hunk replacing `before` lines with `after` lines at `line`. */
export function gitDiff(
  path: string,
  line: number,
  context: string[],
  before: string[],
  after: string[],
): string {
  return [
    `diff --git a/${path} b/${path}`,
    `index ${hashLike(path, 7)}..${hashLike(path + after.join(''), 7)} 100644`,
    `--- a/${path}`,
    `+++ b/${path}`,
    `@@ -${line},${context.length + before.length} +${line},${context.length + after.length} @@`,
    ...context.map((c) => ` ${c}`),
    ...before.map((b) => `-${b}`),
    ...after.map((a) => `+${a}`),
  ].join('\n');
}

/** `git log --oneline` lines. */
export function gitLog(rng: Rng, subjects: string[]): string {
  return subjects.map((s) => `${rng.hex(7)} ${s}`).join('\n');
}

/** A stable hex string derived from text (no randomness: the same text gives the same hash). */
export function hashLike(text: string, length: number): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  let out = '';
  while (out.length < length) {
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995) >>> 0;
    out += h.toString(16).padStart(8, '0');
  }
  return out.slice(0, length);
}

/** An `ls -la` listing of files with plausible sizes. */
export function lsLong(rng: Rng, names: string[]): string {
  const lines = [`total ${rng.int(40, 400)}`];
  for (const name of names) {
    const dir = !name.includes('.') || name.startsWith('.git');
    const size = dir ? 4096 : rng.int(120, 48_000);
    const day = rng.int(1, 28);
    lines.push(
      `${dir ? 'drwxr-xr-x' : '-rw-r--r--'}  1 dev dev ${String(size).padStart(6)} Mar ${String(day).padStart(2)} 10:${String(rng.int(0, 59)).padStart(2, '0')} ${name}`,
    );
  }
  return lines.join('\n');
}
