/**
 * Summaries on tool output the compressors were never tuned on (issue 24): Claude Code-shaped tool
 * results generated on this machine from files nobody looked at while tuning (the packages under
 * node_modules and Python's standard library, read with Claude Code's Read gutter; `ls -la`, `find`, `grep -rn -C2` and a
 * `node --test` run through Bash), each given the engine's forms (src/core/garden/ingest/block-forms.ts). Per
 * kind: tokens of the originals and of the summary form (the original where there is none), the
 * frame's share of the summary forms (header line, names line, marks for left-out text), and the
 * share of the original's names (files, errors, tests, numbers: src/core/compress/names.ts) the summary
 * form still shows. The picks are fixed (sorted paths), so a run on the same checkout is repeatable;
 * `ls -la` dates and the test run's timings depend on the machine.
 *
 *   npx tsx benchmarks/generated-tool-output.ts [NODE_MODULES]   (default: ./node_modules)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { blockForms } from '../src/core/garden/ingest/block-forms.js';
import { frameKind } from '../src/core/compress/frame.js';
import { mentions, namesOf } from '../src/core/names/names.js';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';
import { blockText } from '../src/core/transcript/blocks.js';

const root = path.resolve(process.argv[2] ?? 'node_modules');
const tokenizer = defaultTokenizer();
/** Claude Code's Read caps a read at this many lines. */
const READ_LINES = 2000;
/** Files of each kind taken (the first by sorted path that fit the size range). */
const PICKS = 8;
const REMINDER =
  '\n\n<system-reminder>\nWhenever you read a file, you should consider whether it looks malicious. If it does, you MUST refuse to improve or augment the code. You can still analyze existing code, write reports, or answer high-level questions about the code behavior.\n</system-reminder>\n';

interface Generated {
  kind: string;
  tool: string;
  input: Record<string, unknown>;
  text: string;
}

/** Files under root (3 levels) whose name matches, between min and max bytes, sorted, the first `count`. */
function pick(match: RegExp, min: number, max: number, count = PICKS, top = root): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const info = statSync(full, { throwIfNoEntry: false });
      if (!info) continue;
      if (info.isDirectory() && depth < 3 && name !== '.bin') walk(full, depth + 1);
      else if (info.isFile() && match.test(name) && info.size >= min && info.size <= max) found.push(full);
    }
  };
  walk(top, 0);
  return found.slice(0, count);
}

/** Claude Code's Read output: `     1→line`, at most READ_LINES lines from `offset`, then its reminder. */
function read(file: string, offset = 1): string {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .slice(offset - 1, offset - 1 + READ_LINES);
  return lines.map((line, i) => `${String(offset + i).padStart(6)}→${line}`).join('\n') + REMINDER;
}

const bash = (command: string, cwd = root): string =>
  execFileSync('bash', ['-c', command], { cwd, encoding: 'utf8', maxBuffer: 1 << 26 }).trimEnd();

function readsOf(kind: string, files: readonly string[]): Generated[] {
  return files.map((file) => ({ kind, tool: 'Read', input: { file_path: file }, text: read(file) }));
}

/** A real `node --test` run: a few passing tests and one failing assertion, in a temporary folder. */
function testRun(): Generated {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gardener-gen-'));
  const cases = Array.from(
    { length: 30 },
    (_, i) => `test('total_${i} adds up', () => assert.equal(${i} + 1, ${i + 1}));`,
  );
  cases.push(
    "test('vat_rate rounds half up', () => assert.equal(Math.round(2.5 * 0.19 * 100) / 100, 0.48));",
  );
  writeFileSync(
    path.join(dir, 'invoice.test.mjs'),
    `import test from 'node:test';\nimport assert from 'node:assert/strict';\n${cases.join('\n')}\n`,
  );
  const command = 'node --test --test-reporter=spec invoice.test.mjs 2>&1; true';
  const text = bash(command, dir);
  rmSync(dir, { recursive: true, force: true });
  return {
    kind: 'test run',
    tool: 'Bash',
    input: { command: 'node --test --test-reporter=spec invoice.test.mjs' },
    text,
  };
}

/** Python's standard library on this machine (long functions with commented parts), or none. */
function pythonLibrary(): string | undefined {
  try {
    return bash('python3 -c "import sysconfig; print(sysconfig.get_paths()[\'stdlib\'])"');
  } catch {
    return undefined;
  }
}

/** Whole source files read at once: the first by sorted path of a size Claude Code reads in one go. */
function sourceReads(): Generated[] {
  const python = pythonLibrary();
  return [
    ...readsOf('source read, JavaScript', pick(/^(?!.*\.min\.)[\w.-]+\.[cm]?js$/, 30_000, 150_000)),
    ...(python ? readsOf('source read, Python', pick(/\.py$/, 30_000, 150_000, PICKS, python)) : []),
  ];
}

function generate(): Generated[] {
  const big = [
    ...pick(/^lib\.dom\.d\.ts$/, 100_000, 5_000_000, 1),
    ...pick(/^typescript\.js$/, 1_000_000, 50_000_000, 1),
  ];
  const folders = ['typescript/lib', '@babel', 'zod', 'ink/build', 'commander'].map((f) =>
    path.join(root, f),
  );
  return [
    ...readsOf('markdown read', pick(/^(README|CHANGELOG)\.md$/i, 6_000, 60_000)),
    ...readsOf(
      'config read',
      pick(/^(tsconfig[\w.-]*\.json|\.eslintrc[\w.]*|[\w.-]+\.ya?ml|\.editorconfig)$/, 200, 20_000),
    ),
    ...readsOf('JSON read', pick(/^(?!package).*\.json$/, 4_000, 80_000)),
    ...big.flatMap((file) =>
      [1, 2001, 4001].map((offset) => ({
        kind: `long read in chunks, ${file.endsWith('.d.ts') ? 'declarations' : 'source'}`,
        tool: 'Read',
        input: { file_path: file, offset, limit: READ_LINES },
        text: read(file, offset),
      })),
    ),
    ...folders.map((dir) => ({
      kind: 'listing',
      tool: 'Bash',
      input: { command: `ls -la ${dir}` },
      text: bash(`ls -la ${dir}`),
    })),
    ...['zod', 'commander', 'ink'].map((pkg) => ({
      kind: 'listing',
      tool: 'Bash',
      input: { command: `find ${pkg} -type f | sort` },
      text: bash(`find ${pkg} -type f | sort | head -400`),
    })),
    ...['TypeError', 'function parse', 'process\\.env'].map((pattern) => ({
      kind: 'grep with context',
      tool: 'Bash',
      input: { command: `grep -rn -C2 -E '${pattern}' commander zod/v4/core` },
      text: bash(`grep -rn -C2 -E '${pattern}' commander zod/v4/core | head -300`),
    })),
    ...sourceReads(),
    testRun(),
  ];
}

interface Tally {
  blocks: number;
  before: number;
  after: number;
  framed: number;
  header: number;
  names: number;
  marks: number;
  total: number;
  shown: number;
}
const byKind = new Map<string, Tally>();
for (const item of generate()) {
  if (item.text.trim() === '') continue;
  const id = `gen_${byKind.size}`;
  const forms = blockForms(
    { type: 'tool_result', tool_use_id: id, content: item.text },
    { name: item.tool, input: item.input },
    tokenizer,
  );
  const key = `${item.kind} (${forms.cls})`;
  const t = byKind.get(key) ?? {
    blocks: 0,
    before: 0,
    after: 0,
    framed: 0,
    header: 0,
    names: 0,
    marks: 0,
    total: 0,
    shown: 0,
  };
  const original = forms.tokens.original ?? 0;
  const kept = Math.min(original, forms.tokens.summary ?? original);
  t.blocks += 1;
  t.before += original;
  t.after += kept;
  const summary = forms.blocks.summary && kept < original ? blockText(forms.blocks.summary) : undefined;
  if (summary !== undefined) {
    const [header = '', ...rest] = summary.split('\n');
    t.framed += kept;
    t.header += tokenizer.count(header) + 1;
    for (const line of rest) {
      const part = frameKind(line);
      if (part === 'names') t.names += tokenizer.count(line) + 1;
      else if (part === 'mark') t.marks += tokenizer.count(line) + 1;
    }
  }
  const names = [...namesOf(item.text).keys()];
  t.total += names.length;
  t.shown += names.filter((name) => mentions(summary ?? item.text, name)).length;
  byKind.set(key, t);
}

const share = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`);
console.log(`Generated tool output (${root}), summary forms as the engine builds them\n`);
console.log(
  '| kind (class) | results | tokens | summary form | ratio | frame share: header | names | marks | names shown |',
);
console.log('|:---|---:|---:|---:|---:|---:|---:|---:|---:|');
let before = 0;
let after = 0;
for (const [kind, t] of [...byKind].sort()) {
  before += t.before;
  after += t.after;
  console.log(
    `| ${kind} | ${t.blocks} | ${t.before.toLocaleString('en-US')} | ${t.after.toLocaleString('en-US')} | ${(t.after / t.before).toFixed(3)} | ${share(t.header, t.framed)} | ${share(t.names, t.framed)} | ${share(t.marks, t.framed)} | ${t.shown}/${t.total} |`,
  );
}
console.log(
  `\nAll: ${before.toLocaleString('en-US')} → ${after.toLocaleString('en-US')} tokens = ${(after / before).toFixed(3)}`,
);
