import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/doors/kit/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { runGardener } from '../support/cli.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const ESC = String.fromCharCode(27);
const out = mkdtempSync(path.join(tmpdir(), 'gardener-bench-cli-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('gardener bench', () => {
  it('runs every strategy on the built-in sessions with no path, a line per session on a pipe, tables on stdout', async () => {
    const run = await runGardener(['bench', '--window', '32000', '--out', path.join(out, 'report.md')], {
      cwd: repoRoot,
    });
    expect(run.stderr).toMatch(/^\[1\/4\] builtin\/builtin-vat-rounding · 55 calls · /m);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^gardener bench · 4 sessions \(3 aggregated: ≥ 10 calls\) · window 32,000/);
    for (const name of ['raw', 'mask', 'clear', 'summary', 'gardener'])
      expect(run.stdout).toMatch(new RegExp(`^${name} +138 `, 'm'));
    expect(run.stdout).toContain('builtin/builtin-cache-question (not aggregated)');
    const report = readFileSync(path.join(out, 'report.md'), 'utf8');
    expect(report).toContain('- Command: `gardener bench --window 32000`');
    const charts = readdirSync(path.join(out, 'report-charts')).sort();
    expect(charts).toEqual(expect.arrayContaining(['cost.svg', 'fidelity.svg']));
    expect(charts.filter((c) => c.startsWith('context-')).length).toBeGreaterThanOrEqual(2);
    for (const chart of charts) expect(report).toContain(`](report-charts/${chart})`);
  });

  it('prints only JSON on stdout with --json, and skips a bad file with a line saying why', async () => {
    const run = await runGardener(['bench', 'test/fixtures/bench', '--strategies', 'mask', '--json'], {
      cwd: repoRoot,
    });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      version: number;
      strategies: string[];
      sessions: Array<{ label: string; calls: number }>;
      skipped: unknown[];
    };
    expect(report.version).toBe(1);
    expect(report.strategies).toEqual(['raw', 'mask']);
    expect(report.sessions).toEqual([
      expect.objectContaining({ label: 'test/fixtures/bench/twelve-calls.json', calls: 12 }),
    ]);
    expect(run.stderr).toMatch(/^skipped test\/fixtures\/bench\/broken\.jsonl: invalid JSON at line 2/m);
  });

  it('shows a live progress line on a terminal and clears it before the tables', async () => {
    let stderr = '';
    let stdout = '';
    const io: CliIo = {
      stdout: { write: (s: string) => (stdout += s), isTTY: false },
      stderr: { write: (s: string) => (stderr += s), isTTY: true },
      stdin: Readable.from([]),
      env: { NO_COLOR: '1' },
      cwd: repoRoot,
    };
    expect(await runCli(['bench', '--strategies', 'raw', '--sessions', '*vat*', '--brief'], io)).toBe(0);
    const clearLine = `\r${ESC}[2K`;
    expect(stderr).toContain(`${clearLine}⠋ 0/1 sessions · 00:0`);
    expect(stderr.endsWith(clearLine)).toBe(true);
    expect(stdout).toContain('1 session (1 aggregated');
    expect(stdout).not.toContain(ESC);
  });

  it('reports each source folder as a fold in the tables, --json and --out; --folds none leaves them out', async () => {
    const root = path.join(out, 'sessions');
    for (const source of ['aider', 'swe-agent']) {
      mkdirSync(path.join(root, source), { recursive: true });
      cpSync(
        path.join(repoRoot, 'test/fixtures/bench/twelve-calls.json'),
        path.join(root, source, 'run.json'),
      );
    }
    const args = ['bench', root, '--strategies', 'mask', '--window', '300'];
    const json = await runGardener([...args, '--json', '--out', path.join(out, 'folds.md')], {
      cwd: repoRoot,
    });
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { folds: Array<{ fold: string; aggregatedSessions: number }> };
    expect(report.folds.map((f) => [f.fold, f.aggregatedSessions])).toEqual([
      ['aider', 1],
      ['swe-agent', 1],
    ]);
    expect(readFileSync(path.join(out, 'folds.md'), 'utf8')).toMatch(/^\| swe-agent \| 1 \|/m);
    const table = await runGardener([...args, '--brief'], { cwd: repoRoot });
    expect(table.stdout).toMatch(/^aider +1 /m);
    const none = await runGardener([...args, '--brief', '--folds', 'none'], { cwd: repoRoot });
    expect(none.stdout).not.toContain('fold (held out)');
    expect(none.stdout).toMatch(/^mask +24 /m);
  });

  it('rejects bad flags with a usage error', async () => {
    expect((await runGardener(['bench', '--strategies', 'raw,magic'])).stderr).toContain(
      'unknown strategy "magic"',
    );
    expect((await runGardener(['bench', '--from', 'nope'])).stderr).toContain('unknown format "nope"');
    expect((await runGardener(['bench', '--folds', 'project'])).stderr).toContain(
      'unknown --folds "project"',
    );
    const bad = await runGardener(['bench', '--window', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--window must be a whole number ≥ 1, got "0"');
    for (const [args, message] of [
      [['--synth-thinking', '300'], '--synth-thinking needs --model'],
      [['--model', 'gpt-4o'], '--model "gpt-4o" is not a model gardener knows'],
      [
        ['--model', 'claude-opus-4-8', '--synth-thinking', '300'],
        '--synth-thinking needs a model that binds thinking, not "claude-opus-4-8"',
      ],
      [
        ['--model', 'claude-opus-5-5', '--synth-thinking', '0'],
        '--synth-thinking must be a whole number ≥ 1',
      ],
      [['--prefix-check', 'maybe'], '--prefix-check must be auto or off'],
    ] as const) {
      const run = await runGardener(['bench', ...args]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(message);
    }
  });

  it('with --model on a model that binds thinking, counts the requests that fail the prefix check, in the tables and --out', async () => {
    const args = [
      'bench',
      'test/fixtures/bench/twelve-calls.json',
      '--strategies',
      'mask,clear',
      '--window',
      '1000',
      '--mask-keep',
      '3',
      '--model',
      'claude-opus-5-5',
      '--synth-thinking',
      '20',
    ];
    const run = await runGardener([...args, '--brief', '--out', path.join(out, 'prefix.md')], {
      cwd: repoRoot,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^strategy +calls +billed +peak +over +prefix failures /m);
    expect(run.stdout).toMatch(/^ {2}mask: 8 requests would fail in 1 session of 1;/m);
    expect(run.stdout).toMatch(/^ {2}clear: 0 requests would fail/m);
    const report = readFileSync(path.join(out, 'prefix.md'), 'utf8');
    expect(report).toContain(`- Command: \`gardener ${args.join(' ')}\``);
    expect(report).toContain('## Prefix check');
    expect(report).toMatch(/^\| `mask` \|( [\d,.×]+ \|){4} 8 \|/m);
  });
});

describe('gardener bench on nothing', () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'gardener-bench-empty-'));
  const bad = mkdtempSync(path.join(tmpdir(), 'gardener-bench-bad-'));
  writeFileSync(path.join(bad, 'a.json'), 'not a transcript');
  writeFileSync(path.join(bad, 'b.jsonl'), '{"broken": ');
  afterAll(() => [empty, bad].forEach((d) => rmSync(d, { recursive: true, force: true })));

  it.each([
    ['a path that does not exist', '/nonexistent/sessions', 'the one input was skipped'],
    ['an empty folder', empty, 'no session files found there'],
    ['a folder of unreadable files', bad, 'all 2 inputs were skipped'],
  ])('exits 3 with a clear message on %s, and no tables', async (_name, given, why) => {
    const run = await runGardener(['bench', given, '--strategies', 'mask']);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`gardener: ${given}: nothing to replay: ${why}`);
  });
});

describe('gardener bench on a first run', () => {
  it('gives the built-in sessions a window they reach, says so in the header, and the strategies differ', async () => {
    // One built-in session is enough to show the window and the difference; all four run above.
    const run = await runGardener([
      'bench',
      '--brief',
      '--strategies',
      'raw,gardener',
      '--sessions',
      '*vat*',
    ]);
    expect(run.code).toBe(0);
    const [header, note] = run.stdout.split('\n');
    expect(header).toContain('· window 32,000 ·');
    expect(note).toBe(
      'window 32,000 for the built-in sessions: they are short and never reach a 200,000 window (--window changes it)',
    );
    const peak = (name: string) =>
      Number(new RegExp(`^${name} +\\d+ +[\\d,]+ +([\\d,]+)`, 'm').exec(run.stdout)![1]!.replace(/,/g, ''));
    expect(peak('gardener')).toBeLessThan(peak('raw'));
  });
});
