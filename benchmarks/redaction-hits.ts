/**
 * What redaction finds in a corpus: secrets redacted, by kind, and a sample of each kind's hits
 * with their context, to judge false positives by eye. JSON and JSONL files are redacted string
 * by string (as the engine sees a block's text); other text files whole.
 *
 * Run: npx tsx benchmarks/redaction-hits.ts [--sample 20] [--out hits.txt] DIR_OR_FILE...
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { redactSecrets } from '../src/core/store/redact.js';

/** Files larger than this are skipped (a bundle or a data dump, not text a session reads). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const TEXT_EXTENSIONS =
  /\.(?:[cm]?[jt]sx?|json|jsonl|traj|md|txt|py|sh|ya?ml|toml|scm|log|env|ini|cfg|html|css)$/i;

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : (process.argv[i + 1] ?? fallback);
}

function* files(target: string): Generator<string> {
  const stat = statSync(target);
  if (stat.isFile()) {
    if (stat.size <= MAX_FILE_BYTES && TEXT_EXTENSIONS.test(target)) yield target;
    return;
  }
  for (const name of readdirSync(target).sort()) {
    if (name === '.git' || name === 'dist') continue;
    yield* files(path.join(target, name));
  }
}

/** Every string of a parsed JSON value. */
function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) yield* strings(item);
}

/** The texts of a file as the engine would meet them. */
function textsOf(file: string): Iterable<string> {
  const text = readFileSync(file, 'utf8');
  if (/\.(?:json|traj)$/i.test(file)) {
    try {
      return strings(JSON.parse(text));
    } catch {
      return [text];
    }
  }
  if (/\.jsonl$/i.test(file)) {
    return text.split('\n').flatMap((line) => {
      try {
        return [...strings(JSON.parse(line))];
      } catch {
        return line === '' ? [] : [line];
      }
    });
  }
  return [text];
}

const MARKER = /\[REDACTED:([a-z-]+)\]/g;
const sampleSize = Number(flag('sample', '20'));
const out = flag('out', '');
const targets = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));

const byKind = new Map<string, number>();
const samples = new Map<string, string[]>();
let fileCount = 0;
let chars = 0;
const started = performance.now();
for (const target of targets) {
  for (const file of files(target)) {
    fileCount++;
    for (const text of textsOf(file)) {
      chars += text.length;
      const before = new Set([...text.matchAll(MARKER)].map((m) => m.index));
      const result = redactSecrets(text, (kind, secret) => {
        const list = samples.get(kind) ?? [];
        samples.set(kind, list);
        const at = text.indexOf(secret);
        const context = text.slice(Math.max(0, at - 50), at + secret.length + 20).replace(/\s+/g, ' ');
        list.push(`${path.relative(process.cwd(), file)}: «${secret.slice(0, 80)}» in …${context}…`);
      });
      if (result.count === 0) continue;
      for (const match of result.text.matchAll(MARKER)) {
        const kind = match[1] ?? '?';
        if (before.has(match.index) && text.startsWith(match[0], match.index)) continue;
        byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      }
    }
  }
}
const seconds = (performance.now() - started) / 1000;

const lines = [
  `${fileCount} files, ${(chars / 1e6).toFixed(1)}M characters, ${seconds.toFixed(1)} s`,
  `${[...byKind.values()].reduce((a, b) => a + b, 0)} redactions`,
  ...[...byKind.entries()].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `  ${kind.padEnd(20)} ${n}`),
];
console.log(lines.join('\n'));
if (out !== '') {
  const detail = [...samples.entries()].flatMap(([kind, list]) => [
    `## ${kind} (${list.length})`,
    ...list
      .filter((_, i) => i % Math.max(1, Math.floor(list.length / sampleSize)) === 0)
      .slice(0, sampleSize),
  ]);
  writeFileSync(out, `${lines.join('\n')}\n\n${detail.join('\n')}\n`);
}
